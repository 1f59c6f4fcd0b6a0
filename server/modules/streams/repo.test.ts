import { asc } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { videos } from '../../db/schema/media.ts'
import { BACKENDS, START_MS, useFreshDatabase } from '../../testing/harness.ts'
import { ensureTags, insertVideo, reserveVideoId } from './repo.ts'

describe.each(BACKENDS)('streams repo (%s)', (backend) => {
  const database = useFreshDatabase(backend)
  const video = (title: string) => ({ contentType: 1, title, publishedAt: new Date(START_MS) })

  it('reserves ids from the videos sequence, so a reserved id is never handed out again', async () => {
    const first = await reserveVideoId(database.db)
    const second = await reserveVideoId(database.db)
    expect(second).toBeGreaterThan(first)
    await insertVideo(database.db, second, video('reserved'))
    const [next] = await database.db.insert(videos).values(video('next')).returning({ id: videos.id })
    expect(next!.id).toBeGreaterThan(second)
    const rows = await database.db.select({ id: videos.id, title: videos.title }).from(videos).orderBy(asc(videos.id))
    expect(rows).toEqual([
      { id: second, title: 'reserved' },
      { id: next!.id, title: 'next' },
    ])
  })

  it('ensureTags creates the missing tags and answers every id once', async () => {
    const [a] = await ensureTags(database.db, ['风景'])
    const ids = await ensureTags(database.db, ['风景', '新'])
    expect(ids).toHaveLength(2)
    expect(ids).toContain(a)
    expect(await ensureTags(database.db, [])).toEqual([])
  })
})
