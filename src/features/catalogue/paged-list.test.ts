import { describe, expect, it, vi } from 'vitest'
import type { Call } from '../../../core/contracts/call.ts'
import {
  mediaCollectHome,
  mediaPublished,
  mediaRecommend,
  mediaShortRecommend,
  mediaTopicDetails,
  searchDetails,
} from '../../../core/contracts/calls.ts'
import type { Page, VideoCard } from '../../../core/contracts/media.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { ApiError, ApiErrorKind, type Api } from '../../lib/http.ts'
import { createOfflineReads, provideOfflineReads, type ReadsBackend } from '../../lib/offline-reads.ts'
import { createAppStore, provideApi } from '../../lib/store.ts'
import { videoCard } from '../../testing/app-kit.tsx'
import { catalogueList, createPagedList } from './paged-list.ts'

function memoryBackend(): ReadsBackend {
  const data = new Map<string, unknown>()
  return {
    getItem: async (key) => structuredClone(data.get(key) ?? null),
    setItem: async (key, value) => data.set(key, structuredClone(value)),
    removeItem: async (key) => void data.delete(key),
    clear: async () => data.clear(),
  }
}

const card = (id: number): VideoCard => videoCard(id, { duration: 60, playCount: id })

/** A server of `total` items in pages of 10, cursors "p1", "p2", …; calls recorded. */
function fakeServer(total: number) {
  const calls: Array<{ name: string; body: { cursor?: string } }> = []
  let failures: ApiError[] = []
  let gate: Promise<void> | null = null
  const post = vi.fn(async (name: string, body: { cursor?: string; id?: number } = {}) => {
    calls.push({ name, body })
    const held = gate
    gate = null
    if (held) await held
    const failure = failures.shift()
    if (failure) throw failure
    const page = body.cursor ? Number(body.cursor.slice(1)) : 0
    const items = Array.from({ length: Math.max(0, Math.min(10, total - page * 10)) }, (_, i) =>
      card(page * 10 + i + 1),
    )
    const nextCursor = (page + 1) * 10 < total ? `p${page + 1}` : null
    return name === 'media/topic/details'
      ? { topic: { id: body.id, name: '专题' }, items, nextCursor }
      : ({ items, nextCursor } satisfies Page<VideoCard>)
  })
  return {
    post,
    calls,
    failNext: (...errors: ApiError[]) => (failures = errors),
    /** Holds the next call's answer until the returned function is called. */
    holdNext: () => {
      let release!: () => void
      gate = new Promise((resolve) => (release = resolve))
      return release
    },
  }
}

function setup(total: number, options: { backend?: ReadsBackend; online?: () => boolean } = {}) {
  const server = fakeServer(total)
  const store = createAppStore()
  provideApi(store, {
    call: (call: Call, body?: { cursor?: string; id?: number }) => server.post(call.name, body),
  } as unknown as Api)
  const reads = createOfflineReads({
    backend: options.backend ?? memoryBackend(),
    now: () => 0,
    isOnline: options.online ?? (() => true),
  })
  provideOfflineReads(store, reads)
  return { store, server, reads }
}

const ids = (items: readonly { id: number }[]) => items.map((item) => item.id)
const network = () => new ApiError(ApiErrorKind.Network, '网络连接失败')

describe('paged list', () => {
  it('loads pages by cursor until the last, then stops asking', async () => {
    const { store, server } = setup(25)
    const list = catalogueList(mediaRecommend, {})
    await store.set(list.loadFirstAtom)
    expect(store.get(list.stateAtom)).toMatchObject({ status: 'ready', hasMore: true, stale: false })
    expect(ids(store.get(list.stateAtom).items)).toHaveLength(10)
    await store.set(list.loadMoreAtom)
    await store.set(list.loadMoreAtom)
    const state = store.get(list.stateAtom)
    expect(ids(state.items)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
    expect(state.hasMore).toBe(false)
    await store.set(list.loadMoreAtom)
    await store.set(list.loadFirstAtom)
    expect(server.calls.map((call) => call.body.cursor)).toEqual([undefined, 'p1', 'p2'])
  })

  it('is one list per call and parameters, with its own state in each store', async () => {
    expect(catalogueList(mediaTopicDetails, { id: 1 })).toBe(catalogueList(mediaTopicDetails, { id: 1 }))
    expect(catalogueList(mediaTopicDetails, { id: 1 })).not.toBe(catalogueList(mediaTopicDetails, { id: 2 }))
    const a = setup(5)
    const list = catalogueList(mediaTopicDetails, { id: 1 })
    await a.store.set(list.loadFirstAtom)
    expect(a.store.get(list.stateAtom).meta).toEqual({ topic: { id: 1, name: '专题' } })
    expect(a.server.calls[0]).toEqual({ name: 'media/topic/details', body: { id: 1 } })
    expect(setup(5).store.get(list.stateAtom).status).toBe('idle')
  })

  it('shows a first-page error and loads again on retry', async () => {
    const { store, server } = setup(3)
    server.failNext(network())
    const list = catalogueList(mediaPublished, {})
    await store.set(list.loadFirstAtom)
    expect(store.get(list.stateAtom)).toMatchObject({
      status: 'error',
      error: '网络连接失败',
      retryable: true,
      items: [],
    })
    await store.set(list.loadFirstAtom)
    expect(store.get(list.stateAtom)).toMatchObject({ status: 'ready', hasMore: false })
    expect(ids(store.get(list.stateAtom).items)).toEqual([1, 2, 3])
  })

  it('says a first page the server does not have cannot be retried', async () => {
    const { store, server } = setup(3)
    server.failNext(new ApiError(ApiErrorKind.Business, '内容不存在', BusinessCode.NotFound))
    const list = catalogueList(mediaTopicDetails, { id: 404 })
    await store.set(list.loadFirstAtom)
    expect(store.get(list.stateAtom)).toMatchObject({ status: 'error', error: '内容不存在', retryable: false })
  })

  it('keeps the items when a later page fails and retries that page inline', async () => {
    const { store, server } = setup(15)
    const list = createPagedList<VideoCard, Page<VideoCard>>('test:inline', async (_get, cursor) => ({
      data: (await server.post('media/recommend', cursor ? { cursor } : {})) as Page<VideoCard>,
      stale: false,
      savedAt: 0,
    }))
    await store.set(list.loadFirstAtom)
    server.failNext(new ApiError(ApiErrorKind.Timeout, '请求超时'))
    const more = store.set(list.loadMoreAtom)
    expect(store.get(list.stateAtom).loadingMore).toBe(true)
    await more
    expect(store.get(list.stateAtom)).toMatchObject({ status: 'ready', loadingMore: false, moreError: '请求超时' })
    expect(store.get(list.stateAtom).items).toHaveLength(10)
    await store.set(list.loadMoreAtom)
    expect(store.get(list.stateAtom)).toMatchObject({ moreError: null, hasMore: false })
    expect(store.get(list.stateAtom).items).toHaveLength(15)
  })

  it('shows a prefetched page at once without asking again, and shares a prefetch under way', async () => {
    const { store, server } = setup(30)
    const list = catalogueList(searchDetails, { keyword: '猫' })
    await store.set(list.loadFirstAtom)
    expect(ids((await store.set(list.prefetchNextAtom))!)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    expect(store.get(list.stateAtom).items).toHaveLength(10)
    await store.set(list.loadMoreAtom)
    expect(store.get(list.stateAtom).items).toHaveLength(20)
    // A prefetch still under way when the user reaches the end: one request serves both.
    const prefetch = store.set(list.prefetchNextAtom)
    const more = store.set(list.loadMoreAtom)
    await Promise.all([prefetch, more])
    expect(store.get(list.stateAtom).items).toHaveLength(30)
    expect(server.calls.map((call) => call.body.cursor)).toEqual([undefined, 'p1', 'p2'])
    expect(await store.set(list.prefetchNextAtom)).toBeNull()
  })

  it('drops answers to a list that was reloaded meanwhile, and a failed reload keeps the items', async () => {
    const { store, server } = setup(20)
    const list = catalogueList(mediaShortRecommend, {})
    await store.set(list.loadFirstAtom)
    const release = server.holdNext()
    const more = store.set(list.loadMoreAtom)
    await store.set(list.reloadAtom)
    release()
    await more
    // The second page answered after the reload: it belongs to the old list and is dropped.
    expect(ids(store.get(list.stateAtom).items)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(store.get(list.stateAtom).loadingMore).toBe(false)
    server.failNext(network())
    await store.set(list.reloadAtom)
    expect(store.get(list.stateAtom)).toMatchObject({ status: 'ready', hasMore: true })
    expect(store.get(list.stateAtom).items).toHaveLength(10)
  })

  it('restores every page loaded (and prefetched) from storage after an offline reload', async () => {
    const backend = memoryBackend()
    const first = setup(40, { backend })
    const list = catalogueList(mediaCollectHome, {})
    await first.store.set(list.loadFirstAtom)
    await first.store.set(list.loadMoreAtom)
    await first.store.set(list.prefetchNextAtom)
    await first.reads.flush()

    // A new page load without network: the same items, page by page, marked stale.
    const offline = setup(40, { backend, online: () => false })
    await offline.store.set(list.loadFirstAtom)
    await offline.store.set(list.loadMoreAtom)
    await offline.store.set(list.loadMoreAtom)
    expect(offline.store.get(list.stateAtom)).toMatchObject({ status: 'ready', stale: true, moreError: null })
    expect(offline.store.get(list.stateAtom).items).toHaveLength(30)
    expect(offline.server.calls).toEqual([])
    // The fourth page was never loaded: offline, it fails inline (the fake server stands for the dead network).
    offline.server.failNext(network())
    await offline.store.set(list.loadMoreAtom)
    expect(offline.store.get(list.stateAtom).moreError).toBe('网络连接失败')
  })
})
