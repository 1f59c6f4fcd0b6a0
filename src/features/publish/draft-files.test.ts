import { describe, expect, it } from 'vitest'
import { createDraftFiles, createMemoryFilesBackend, newFileId } from './draft-files.ts'

describe('createDraftFiles', () => {
  it("keeps each user's files apart and prunes only that user's", async () => {
    const backend = createMemoryFilesBackend()
    const mine = createDraftFiles(9, backend)
    const theirs = createDraftFiles(8, backend)
    const clip = new File(['bytes'], 'clip.mp4', { type: 'video/mp4' })
    expect(await mine.put('a', clip)).toBe(true)
    expect(await mine.put('b', new Blob(['b']))).toBe(true)
    expect(await theirs.put('a', new Blob(['x']))).toBe(true)
    expect(await mine.get('a')).toBe(clip)
    expect(await mine.get('missing')).toBeNull()

    await mine.prune((id) => id === 'b')
    expect([...backend.data.keys()].sort()).toEqual(['8/a', '9/b'])
    await mine.remove('b')
    expect([...backend.data.keys()]).toEqual(['8/a'])
  })

  it('reads a refused or broken storage as "not kept", never as an error', async () => {
    const refusing = createDraftFiles(9, createMemoryFilesBackend({ refuse: true }))
    expect(await refusing.put('a', new Blob(['x']))).toBe(false)
    expect(await createDraftFiles(9, null).put('a', new Blob(['x']))).toBe(false)

    const backend = createMemoryFilesBackend()
    backend.data.set('9/a', 'not a blob')
    const files = createDraftFiles(9, {
      ...backend,
      keys: () => Promise.reject(new Error('gone')),
    })
    expect(await files.get('a')).toBeNull()
    await expect(files.prune(() => false)).resolves.toBeUndefined()
  })

  it('names files apart', () => {
    expect(newFileId()).toMatch(/^[0-9a-f]{16}$/)
    expect(newFileId()).not.toBe(newFileId())
  })
})
