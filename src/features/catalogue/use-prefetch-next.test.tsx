import { act, cleanup, render } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Page } from '../../../core/contracts/media.ts'
import type { PrefetchEnvironment } from '../../lib/prefetch.ts'
import { createAppStore, type AppStore } from '../../lib/store.ts'
import { createPagedList, type PagedList } from './paged-list.ts'
import { usePrefetchNext, type PrefetchDeps } from './use-prefetch-next.ts'

afterEach(cleanup)

interface Item {
  id: number
  cover: string
}

let lists = 0

function fakeList(total: number) {
  const cursors: Array<string | undefined> = []
  const list = createPagedList<Item, Page<Item>>(`test:${++lists}`, async (_get, cursor) => {
    cursors.push(cursor)
    const page = cursor ? Number(cursor) : 0
    const items = Array.from({ length: Math.min(10, total - page * 10) }, (_, i) => ({
      id: page * 10 + i,
      cover: `k${page * 10 + i}`,
    }))
    return { data: { items, nextCursor: (page + 1) * 10 < total ? String(page + 1) : null }, stale: false, savedAt: 0 }
  })
  return { list, cursors }
}

function Prefetching({ list, deps }: { list: PagedList<Item, Page<Item>>; deps: PrefetchDeps }) {
  usePrefetchNext(list, (items) => items.map((item) => `/img/${item.cover}`), deps)
  return null
}

async function run(env: PrefetchEnvironment, total = 25) {
  const store: AppStore = createAppStore()
  const { list, cursors } = fakeList(total)
  const idle: Array<() => void> = []
  const postMessage = vi.fn()
  const deps: PrefetchDeps = {
    environment: async () => env,
    controller: () => (env.hasController ? { postMessage } : null),
    whenIdle: (task) => {
      idle.push(task)
      return () => idle.splice(idle.indexOf(task), 1)
    },
  }
  await store.set(list.loadFirstAtom)
  render(
    <Provider store={store}>
      <Prefetching list={list} deps={deps} />
    </Provider>,
  )
  const runIdle = async () => {
    await act(async () => {
      for (const task of idle.splice(0)) task()
    })
  }
  return { store, list, cursors, postMessage, idle, runIdle }
}

describe('usePrefetchNext', () => {
  it('fetches the next page on idle, posts its images to the worker, and goes on after each page shows', async () => {
    const { store, list, cursors, postMessage, runIdle } = await run({ hasController: true })
    expect(cursors).toEqual([undefined])
    await runIdle()
    expect(cursors).toEqual([undefined, '1'])
    expect(postMessage).toHaveBeenCalledWith({
      type: 'PREFETCH_IMAGES',
      urls: Array.from({ length: 10 }, (_, i) => `/img/k${10 + i}`),
    })
    await act(() => store.set(list.loadMoreAtom))
    expect(cursors).toEqual([undefined, '1'])
    await runIdle()
    expect(cursors).toEqual([undefined, '1', '2'])
    expect(postMessage).toHaveBeenCalledTimes(2)
    await act(() => store.set(list.loadMoreAtom))
    await runIdle()
    // The last page has shown: nothing further to fetch.
    expect(cursors).toEqual([undefined, '1', '2'])
  })

  it('fetches only the data without a controlling worker', async () => {
    const { cursors, postMessage, runIdle } = await run({ hasController: false })
    await runIdle()
    expect(cursors).toEqual([undefined, '1'])
    expect(postMessage).not.toHaveBeenCalled()
  })

  it('fetches nothing on Save-Data, 2g or a nearly full storage', async () => {
    for (const env of [
      { hasController: true, saveData: true },
      { hasController: true, effectiveType: '2g' },
      { hasController: true, storage: { usage: 95, quota: 100 } },
    ]) {
      const { cursors, postMessage, runIdle } = await run(env)
      await runIdle()
      expect(cursors).toEqual([undefined])
      expect(postMessage).not.toHaveBeenCalled()
      cleanup()
    }
  })
})
