import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HomeResult, Page, VideoCard } from '../../../core/contracts/media.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages.ts'
import { createOfflineReads, provideOfflineReads } from '../../lib/offline-reads.ts'
import { createAppStore, provideApi } from '../../lib/store.ts'
import { FIRST_SECTIONS, HomeCatalogue, MORE_SECTIONS } from './home-catalogue.tsx'
import { fakeApi, videoCard, type Post } from '../../testing/app-kit.tsx'

/**
 * Reports a list's end as in reach at once, and the end of home's mounted sections once
 * `sectionsEndInReach` says so (bringSectionsEndInReach); covers are left alone (no image fetches).
 */
let sectionsEndInReach = true
const waiting = new Set<() => void>()
class EndInReach {
  private readonly reports: Array<() => void> = []
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    const report = () =>
      queueMicrotask(() =>
        this.callback(
          [{ target: element, isIntersecting: true } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      )
    if (element.classList.contains('infinite-list__end')) report()
    if (!element.classList.contains('home-catalogue__sections-end')) return
    if (sectionsEndInReach) report()
    else {
      waiting.add(report)
      this.reports.push(report)
    }
  }
  disconnect() {
    for (const report of this.reports) waiting.delete(report)
  }
}

function bringSectionsEndInReach() {
  sectionsEndInReach = true
  for (const report of waiting) report()
  waiting.clear()
}

beforeEach(() => {
  sectionsEndInReach = true
  waiting.clear()
  vi.stubGlobal('IntersectionObserver', EndInReach)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const card = (id: number) => videoCard(id)

function renderHome(post: (name: string, body: { cursor?: string }) => Promise<unknown>) {
  const store = createAppStore()
  provideApi(store, fakeApi(post as Post))
  const data = new Map<string, unknown>()
  provideOfflineReads(
    store,
    createOfflineReads({
      backend: {
        getItem: async (key) => data.get(key) ?? null,
        setItem: async (key, value) => data.set(key, value),
        removeItem: async (key) => void data.delete(key),
        clear: async () => data.clear(),
      },
      now: () => 0,
      isOnline: () => true,
    }),
  )
  const rootRoute = createRootRoute({
    component: () => <HomeCatalogue config={null} />,
  })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
}

describe('home catalogue', () => {
  it('shows each section with its 更多 link, then the recommendations page by page to 没有更多了', async () => {
    const home: HomeResult = {
      sections: [{ topic: { id: 4, name: '本周热门' }, style: 1, videos: [card(1), card(2)] }],
    }
    renderHome(async (name, body) => {
      if (name === 'media/home') return home
      const page = body.cursor ? 1 : 0
      return {
        items: Array.from({ length: page ? 3 : 10 }, (_, i) => card(100 + page * 10 + i)),
        nextCursor: page ? null : 'next',
      } satisfies Page<VideoCard>
    })
    expect(await screen.findByRole('heading', { level: 2, name: '本周热门' })).toBeTruthy()
    const more = screen.getByRole('link', { name: `本周热门 ${t.catalogue.more}` })
    expect(more.getAttribute('href')).toBe(`/topicList?id=4&name=${encodeURIComponent('本周热门')}`)
    expect(await screen.findByText(t.common.noMore)).toBeTruthy()
    const recommend = screen.getByRole('list', { name: t.catalogue.recommend })
    expect(recommend.querySelectorAll('a')).toHaveLength(13)
  })

  it('shows errors with retries for the sections and the first recommendations', async () => {
    let fail = true
    renderHome(async (name) => {
      if (fail) throw new ApiError(ApiErrorKind.Timeout, t.http.timeout)
      return name === 'media/home' ? { sections: [] } : { items: [card(1)], nextCursor: null }
    })
    // 推荐 shows below the sections' answer, a failure too.
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: t.common.retry })).toHaveLength(2))
    const retries = screen.getAllByRole('button', { name: t.common.retry })
    fail = false
    // The sections' retry first: while they load again, 推荐 waits below them as a skeleton.
    fireEvent.click(retries[0]!)
    fireEvent.click(await screen.findByRole('button', { name: t.common.retry }))
    expect(await screen.findByText(t.common.noMore)).toBeTruthy()
    expect(screen.queryByRole('button', { name: t.common.retry })).toBeNull()
  })

  it('mounts the first sections at once and the rest, then 推荐, as the end of those mounted comes near', async () => {
    sectionsEndInReach = false
    const sections = Array.from({ length: FIRST_SECTIONS + MORE_SECTIONS + 1 }, (_, i) => ({
      topic: { id: i + 1, name: `专题${i + 1}` },
      style: 1 as const,
      videos: [card(i * 10 + 1)],
    }))
    const calls: string[] = []
    renderHome(async (name) => {
      calls.push(name)
      return name === 'media/home' ? { sections } : { items: [card(500)], nextCursor: null }
    })
    const sectionHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    await screen.findByRole('heading', { level: 2, name: '专题1' })
    // 推荐 loads its first page at once, but shows a skeleton while sections are still to come.
    await vi.waitFor(() => expect(calls).toContain('media/recommend'))
    expect(sectionHeadings()).toEqual(['专题1', '专题2', t.catalogue.recommend])
    expect(screen.queryByRole('list', { name: t.catalogue.recommend })).toBeNull()

    // Near: a new observer per mount keeps going while the end stays in reach.
    bringSectionsEndInReach()
    expect(await screen.findByText(t.common.noMore)).toBeTruthy()
    expect(sectionHeadings()).toEqual([...sections.map((section) => section.topic.name), t.catalogue.recommend])
    expect(screen.getByRole('list', { name: t.catalogue.recommend }).querySelectorAll('a')).toHaveLength(1)
  })
})
