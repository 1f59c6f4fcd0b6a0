import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { cleanup, render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callKey } from '../../../core/contracts/call-key.ts'
import { createOfflineReads, provideOfflineReads } from '../../lib/offline-reads.ts'
import { primingCalls } from '../../lib/primed-calls.ts'
import { createAppStore, provideApi } from '../../lib/store.ts'
import { fakeApi, memoryBackend, videoCard } from '../../testing/app-kit.tsx'
import { HomeCatalogue, startHomeCatalogueAtom } from '../catalogue/public.ts'
import { HOME_FIRST_READS } from './first-reads.ts'
import { HomeScreen, useStartInFirstCommit } from './home-screen.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** Home as its route composes it. */
function Home() {
  useStartInFirstCommit(startHomeCatalogueAtom)
  return <HomeScreen catalogue={<HomeCatalogue config={null} />} />
}

describe('home first reads', () => {
  it('are exactly what home asks for when it first shows, so every primed answer is taken', async () => {
    // The lists mount as they come near the viewport; here everything is near.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never)
        }
        unobserve() {}
        disconnect() {}
      },
    )
    const api = fakeApi(async (name) => {
      if (name === 'media/home') return { sections: [{ topic: { id: 4, name: '本周热门' }, style: 1, videos: [] }] }
      if (name === 'media/recommend') return { items: [videoCard(7)], nextCursor: null }
      if (name === 'ping/announcement') return { id: 1, title: '公告标题', content: '内容', publishedAt: 1 }
      throw new Error(`home asked for ${name}`)
    })
    const priming = primingCalls(api)
    for (const read of HOME_FIRST_READS) void priming.prime(read)
    const store = createAppStore()
    provideApi(store, priming)
    provideOfflineReads(store, createOfflineReads({ backend: memoryBackend(), now: () => 0, isOnline: () => true }))
    const router = createRouter({
      routeTree: createRootRoute({ component: Home }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    )
    expect(await screen.findByText('公告标题')).toBeTruthy()
    expect(await screen.findByRole('heading', { level: 2, name: '本周热门' })).toBeTruthy()
    expect(await screen.findByText(videoCard(7).title)).toBeTruthy()
    // A read home sends differently from its primed one (another call or body) would go out again.
    const sent = api.post.mock.calls.map(([name, body]) => callKey(name, body))
    expect(sent.sort()).toEqual(HOME_FIRST_READS.map(({ call, body }) => callKey(call.name, body)).sort())
  })
})
