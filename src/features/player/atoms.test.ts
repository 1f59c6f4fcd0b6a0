import { describe, expect, it } from 'vitest'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { callKey } from '../../../core/contracts/call-key.ts'
import { playAtoms, unlockAtom, type PlayView } from './atoms.ts'
import { deferred, memoryBackend, playerStore, playInfo } from './testing.tsx'

const networkError = () => new ApiError(ApiErrorKind.Network, 'network')

async function loaded(post: Parameters<typeof playerStore>[0], options: Parameters<typeof playerStore>[1] = {}) {
  const kit = playerStore(post, options)
  const atoms = playAtoms(7)
  await kit.store.set(atoms.loadAtom)
  const view = () => {
    const state = kit.store.get(atoms.stateAtom)
    if (state.status !== 'success') throw new Error(`not loaded: ${state.status}`)
    return state.data as PlayView
  }
  return { ...kit, atoms, view }
}

describe('like', () => {
  it('shows the like at once, then the count the server answers', async () => {
    const like = deferred<unknown>()
    const { store, atoms, view, post } = await loaded((name) =>
      name === 'media/play' ? Promise.resolve(playInfo(7, {}, { likeCount: 10 })) : like.promise,
    )
    const pending = store.set(atoms.toggleLikeAtom)
    expect(view().info.liked).toBe(true)
    expect(view().info.video.likeCount).toBe(11)
    expect(store.get(atoms.busyAtom).like).toBe(true)
    like.resolve({ liked: true, likeCount: 15 })
    await pending
    expect(post).toHaveBeenCalledWith('media/like', { id: 7, like: true })
    expect(view().info.video.likeCount).toBe(15)
    expect(store.get(atoms.busyAtom).like).toBe(false)
  })

  it('rolls the like and its count back when the call fails, and rejects so the screen can say so', async () => {
    const like = deferred<unknown>()
    const { store, atoms, view } = await loaded((name) =>
      name === 'media/play' ? Promise.resolve(playInfo(7, { liked: true }, { likeCount: 4 })) : like.promise,
    )
    const pending = store.set(atoms.toggleLikeAtom)
    expect(view().info.liked).toBe(false)
    expect(view().info.video.likeCount).toBe(3)
    like.reject(networkError())
    await expect(pending).rejects.toThrow(ApiError)
    expect(view().info.liked).toBe(true)
    expect(view().info.video.likeCount).toBe(4)
  })

  it('ignores a second tap while the first is on its way', async () => {
    const like = deferred<unknown>()
    const { store, atoms, post } = await loaded((name) =>
      name === 'media/play' ? Promise.resolve(playInfo(7)) : like.promise,
    )
    const first = store.set(atoms.toggleLikeAtom)
    await store.set(atoms.toggleLikeAtom)
    like.resolve({ liked: true, likeCount: 11 })
    await first
    expect(post.mock.calls.filter(([name]) => name === 'media/like')).toHaveLength(1)
  })
})

describe('favourite', () => {
  it('adds with collect/operate, removes with collect/delete, and rolls back a failure', async () => {
    let fail = false
    const { store, atoms, view, post } = await loaded(async (name) => {
      if (name === 'media/play') return playInfo(7)
      if (fail) throw networkError()
      return null
    })
    await store.set(atoms.toggleFavouriteAtom)
    expect(view().info.favourited).toBe(true)
    expect(post).toHaveBeenLastCalledWith('collect/operate', { id: 7 })
    fail = true
    await expect(store.set(atoms.toggleFavouriteAtom)).rejects.toThrow()
    expect(post).toHaveBeenLastCalledWith('collect/delete', { ids: [7] })
    expect(view().info.favourited).toBe(true)
  })
})

describe('play read', () => {
  it('keeps only the public part for offline: no play token, balance or marks', async () => {
    const backend = memoryBackend()
    const { view, reads } = await loaded(
      async () =>
        playInfo(7, { balance: 900, liked: true, resumeAt: 30, previewLines: [{ name: 'p', url: '/p?pt=x' }] }),
      { backend },
    )
    await reads.flush()
    expect(view().stale).toBe(false)
    expect(view().info.lines).toHaveLength(2)
    const stored = JSON.stringify(backend.data.get(callKey('media/play', { id: 7 })))
    expect(stored).toContain('视频7')
    expect(stored).not.toContain('pt=')
    expect(stored).not.toContain('900')
    expect(stored).not.toContain('"liked":true')
  })

  it('shows the stored part marked stale when the network fails', async () => {
    const backend = memoryBackend()
    let offline = false
    const kit = playerStore(
      async () => {
        if (offline) throw networkError()
        return playInfo(7)
      },
      { backend },
    )
    await kit.store.set(playAtoms(7).loadAtom)
    await kit.reads.flush()
    offline = true
    const again = playAtoms(7)
    await kit.store.set(again.loadAtom)
    const state = kit.store.get(again.stateAtom)
    expect(state.status === 'success' && state.data.stale).toBe(true)
    expect(state.status === 'success' && state.data.info.lines).toEqual([])
  })

  it('answers a wrong shape as an error, not a crash', async () => {
    const kit = playerStore(async () => ({ video: null }))
    const atoms = playAtoms(7)
    await kit.store.set(atoms.loadAtom)
    expect(kit.store.get(atoms.stateAtom).status).toBe('error')
  })
})

describe('unlock', () => {
  it.each([
    ['paid', async () => ({ alreadyOwned: false, balance: 100 }), { status: 'paid', balance: 100 }],
    ['owned', async () => ({ alreadyOwned: true, balance: 300 }), { status: 'owned', balance: 300 }],
    [
      'insufficient',
      async () => {
        throw new ApiError(ApiErrorKind.Business, '余额不足', BusinessCode.InsufficientBalance)
      },
      { status: 'insufficient' },
    ],
    [
      'failed',
      async () => {
        throw networkError()
      },
      { status: 'failed', message: 'network' },
    ],
  ])('%s', async (_name, post, outcome) => {
    const { store, post: mock } = playerStore(post)
    await expect(store.set(unlockAtom, { kind: 'collection', id: 3 })).resolves.toEqual(outcome)
    expect(mock).toHaveBeenCalledWith('media/collect/pay', { id: 3 })
  })
})
