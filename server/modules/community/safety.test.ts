import { describe, expect, it } from 'vitest'
import type { Comment } from '../../../core/contracts/community.ts'
import { PostState } from '../../../core/contracts/community-rules.ts'
import { comments, reports, userBlocks } from '../../db/schema/community.ts'
import { eq } from 'drizzle-orm'
import type { TestClient } from '../../testing/client.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { insertPost, insertUser, signIn } from './testing.ts'

const codeOf = async (client: TestClient, name: string, body: unknown) => (await client.call(name, body)).body

describe.each(BACKENDS)('reports and blocks (%s)', (backend) => {
  const t = useTestApp(backend)

  it('report/add: posts, comments and users that exist, once per reporter and target', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const other = await signIn(t.newClient, 'device-other')
    const postId = await insertPost(t.db, { authorId: other.userId })
    const comment = (await other.client.call('comment/add', { postId, content: '广告' })).body.data as Comment
    for (const [targetType, targetId] of [
      ['post', postId],
      ['comment', comment.id],
      ['user', other.userId],
    ] as const) {
      expect(await codeOf(me.client, 'report/add', { targetType, targetId, reason: ' 垃圾广告 ' })).toMatchObject({
        code: 200,
        data: null,
      })
    }
    t.clock.advance(60_000)
    // A repeat (another reason, later) is answered alike and changes nothing.
    expect(
      (await me.client.call('report/add', { targetType: 'post', targetId: postId, reason: '又来' })).body.code,
    ).toBe(200)
    const rows = await t.db.select().from(reports).orderBy(reports.id)
    expect(rows.map((row) => [row.reporterId, row.targetType, row.targetId, row.reason, row.createdAt])).toEqual([
      [me.userId, 'post', postId, '垃圾广告', new Date(START_MS)],
      [me.userId, 'comment', comment.id, '垃圾广告', new Date(START_MS)],
      [me.userId, 'user', other.userId, '垃圾广告', new Date(START_MS)],
    ])
    // Another reporter of the same post is a report of its own.
    expect(
      (await other.client.call('report/add', { targetType: 'user', targetId: me.userId, reason: 'x' })).body.code,
    ).toBe(200)
    expect(await t.db.select().from(reports)).toHaveLength(4)
  })

  it('report/add of what does not exist or the reporter cannot see: 7004, nothing written; bad input 4000', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const author = await insertUser(t.db)
    const pending = await insertPost(t.db, { authorId: author, state: PostState.Pending })
    const published = await insertPost(t.db, { authorId: author })
    const [removedComment] = await t.db
      .insert(comments)
      .values({ postId: published, authorId: author, content: 'x', removed: true, createdAt: new Date(START_MS) })
      .returning({ id: comments.id })
    const cases: [unknown, number][] = [
      [{ targetType: 'post', targetId: 999_999, reason: 'x' }, 7004],
      [{ targetType: 'post', targetId: pending, reason: 'x' }, 7004],
      [{ targetType: 'comment', targetId: 999_999, reason: 'x' }, 7004],
      [{ targetType: 'comment', targetId: removedComment!.id, reason: 'x' }, 7004],
      [{ targetType: 'user', targetId: 999_999, reason: 'x' }, 7004],
      [{ targetType: 'video', targetId: published, reason: 'x' }, 4000],
      [{ targetType: 'post', targetId: published, reason: '  ' }, 4000],
      [{ targetType: 'post', targetId: published, reason: 'x'.repeat(201) }, 4000],
      [{ targetType: 'post', targetId: 0, reason: 'x' }, 4000],
    ]
    for (const [body, code] of cases) {
      expect(await codeOf(me.client, 'report/add', body), JSON.stringify(body)).toMatchObject({ code })
    }
    expect(await t.db.select().from(reports)).toEqual([])
  })

  it('user/block: idempotent both ways; oneself is 7053, an unknown user 7004', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const other = await insertUser(t.db)
    const blocks = () => t.db.select().from(userBlocks).where(eq(userBlocks.blockerId, me.userId))
    expect(await codeOf(me.client, 'user/block', { id: other, block: true })).toMatchObject({ data: { blocked: true } })
    expect(await codeOf(me.client, 'user/block', { id: other, block: true })).toMatchObject({ data: { blocked: true } })
    expect(await blocks()).toHaveLength(1)
    expect(await codeOf(me.client, 'user/block', { id: me.userId, block: true })).toMatchObject({ code: 7053 })
    expect(await codeOf(me.client, 'user/block', { id: 999_999, block: true })).toMatchObject({ code: 7004 })
    expect(await codeOf(me.client, 'user/block', { id: other, block: false })).toMatchObject({
      data: { blocked: false },
    })
    expect(await codeOf(me.client, 'user/block', { id: other, block: false })).toMatchObject({
      data: { blocked: false },
    })
    expect(await blocks()).toEqual([])
  })
})
