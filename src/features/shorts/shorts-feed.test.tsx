import { fakeApi } from '../../testing/app-kit.tsx'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { atom, Provider } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VideoCard } from '../../../core/contracts/media.ts'
import type { PlayInfo } from '../../../core/contracts/play.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import type { HlsClass, HlsConfigLike } from '../../lib/hls-source.ts'
import { t } from '../../lib/messages-watch.ts'
import { createAppStore, provideApi } from '../../lib/store.ts'
import { providePrefsStorageAtom } from './muted.ts'
import { ShortsFeed, type FeedList } from './shorts-feed.tsx'

const card = (id: number, patch: Partial<VideoCard> = {}): VideoCard => ({
  id,
  contentType: 2,
  title: `短视频${id}`,
  cover: `c/${id}.jpg`,
  coverWidth: 9,
  coverHeight: 16,
  duration: 20,
  playCount: 1,
  likeCount: 10,
  price: 0,
  vip: 0,
  tags: [],
  publishedAt: 0,
  ...patch,
})

const playInfo = (video: VideoCard, patch: Partial<PlayInfo> = {}): PlayInfo => ({
  video: { ...video, description: '', topics: [], actors: [], collection: null },
  lock: 'none',
  lines: [{ name: '线路1', url: `/hls/${video.id}/master.m3u8?pt=token-${video.id}` }],
  previewSeconds: 0,
  previewLines: [],
  balance: 0,
  liked: false,
  favourited: false,
  resumeAt: 0,
  related: [],
  ...patch,
})

/** An IntersectionObserver the test drives: `report(index, ratio)` as the browser would. */
class DrivenObserver {
  static current: DrivenObserver | null = null
  readonly targets = new Map<number, Element>()
  constructor(private readonly callback: IntersectionObserverCallback) {
    DrivenObserver.current = this
  }
  observe(element: Element) {
    this.targets.set(Number((element as HTMLElement).dataset.index), element)
  }
  disconnect() {
    if (DrivenObserver.current === this) DrivenObserver.current = null
  }
  report(ratios: Record<number, number>) {
    const entries = Object.entries(ratios).map(
      ([index, ratio]) =>
        ({ target: this.targets.get(Number(index))!, intersectionRatio: ratio }) as IntersectionObserverEntry,
    )
    act(() => this.callback(entries, this as unknown as IntersectionObserver))
  }
}

/** hls.js stand-in: which playlist went to which <video>. */
const attached: { url: string; media: HTMLMediaElement | null; destroyed: boolean }[] = []
const FakeHls = class {
  static isSupported = () => true
  readonly record = { url: '', media: null as HTMLMediaElement | null, destroyed: false }
  constructor(readonly config: HlsConfigLike) {
    attached.push(this.record)
  }
  loadSource(url: string) {
    this.record.url = url
  }
  attachMedia(media: HTMLMediaElement) {
    this.record.media = media
  }
  on() {}
  recoverMediaError() {}
  destroy() {
    this.record.destroyed = true
  }
} satisfies HlsClass
const loadHls = () => Promise.resolve({ default: FakeHls })

/** Which slides' videos are playing now. */
const playing = new Set<HTMLMediaElement>()
const slideOf = (media: HTMLMediaElement) => Number(media.closest<HTMLElement>('[data-index]')!.dataset.index)
const playingSlides = () => [...playing].map(slideOf)

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', DrivenObserver)
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this)
    return Promise.resolve()
  })
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    playing.delete(this)
  })
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('')
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  playing.clear()
  attached.length = 0
})

type Post = (name: string, body: Record<string, unknown>) => Promise<unknown>

function renderFeed(videos: VideoCard[], post: Post, { hasMore = false } = {}) {
  const store = createAppStore()
  const api = fakeApi(post)
  const postMock = api.post
  provideApi(store, api)
  const storage = new Map<string, string>()
  store.set(providePrefsStorageAtom, {
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, value) => void storage.set(key, value),
  })
  const loadMore = vi.fn(async () => {})
  const list: FeedList = {
    stateAtom: atom({
      status: 'ready' as const,
      items: videos,
      error: null,
      hasMore,
      loadingMore: false,
      moreError: null,
    }),
    loadFirstAtom: atom(null, async () => {}),
    loadMoreAtom: atom(null, loadMore),
  }
  const rootRoute = createRootRoute({ component: Outlet })
  const feedRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/lld',
    component: () => <ShortsFeed list={list} config={null} loadHls={loadHls} now={() => 0} />,
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([feedRoute]),
    history: createMemoryHistory({ initialEntries: ['/lld'] }),
  })
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { store, post: postMock, storage, loadMore }
}

const answerPlay: Post = async (name, body) => {
  if (name === 'media/play') return playInfo(card(body.id as number))
  return {}
}

async function videoOfSlide(index: number) {
  const slide = (await screen.findAllByRole('article'))[index]!
  await waitFor(() => expect(slide.querySelector('video')).not.toBeNull())
  return slide.querySelector('video')!
}

describe('ShortsFeed', () => {
  it('plays the first slide muted and preloads the next; nothing further is attached', async () => {
    const { post } = renderFeed([card(1), card(2), card(3), card(4)], answerPlay)
    const first = await videoOfSlide(0)
    await waitFor(() => expect(playingSlides()).toEqual([0]))
    expect(first.muted).toBe(true)
    await waitFor(() =>
      expect(attached.map((a) => a.url).sort()).toEqual([
        '/hls/1/master.m3u8?pt=token-1',
        '/hls/2/master.m3u8?pt=token-2',
      ]),
    )
    expect(attached.find((a) => a.url.startsWith('/hls/2/'))!.media).toBe(await videoOfSlide(1))
    const asked = post.mock.calls.filter(([name]) => name === 'media/play').map(([, body]) => body.id)
    expect(asked.sort()).toEqual([1, 2])
  })

  it('a video with its first frame covers the cover image behind it, whose shape may differ', async () => {
    renderFeed([card(1)], answerPlay)
    const video = await videoOfSlide(0)
    expect(video.classList.contains('has-picture')).toBe(false)
    fireEvent(video, new Event('loadeddata'))
    expect(video.classList.contains('has-picture')).toBe(true)
  })

  it('swiping to the next slide plays it and pauses the one before; the slide after it is preloaded', async () => {
    renderFeed([card(1), card(2), card(3), card(4)], answerPlay)
    await videoOfSlide(0)
    await waitFor(() => expect(playingSlides()).toEqual([0]))
    DrivenObserver.current!.report({ 0: 0.5, 1: 0.5 })
    expect(playingSlides()).toEqual([0])
    DrivenObserver.current!.report({ 0: 0.3, 1: 0.7 })
    await waitFor(() => expect(playingSlides()).toEqual([1]))
    await waitFor(() => expect(attached.some((a) => a.url.startsWith('/hls/3/') && !a.destroyed)).toBe(true))

    DrivenObserver.current!.report({ 1: 0, 2: 1 })
    await waitFor(() => expect(playingSlides()).toEqual([2]))
    // Two slides back is detached, so only three streams stay loaded.
    await waitFor(() => expect(attached.find((a) => a.url.startsWith('/hls/1/'))!.destroyed).toBe(true))
  })

  it('a tap pauses and resumes the playing video; the mute toggle is kept for the next visit', async () => {
    const { storage } = renderFeed([card(1), card(2)], answerPlay)
    const first = await videoOfSlide(0)
    await waitFor(() => expect(playingSlides()).toEqual([0]))
    fireEvent.click(screen.getByRole('button', { name: t.shorts.pause }))
    expect(playingSlides()).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: t.shorts.play }))
    expect(playingSlides()).toEqual([0])

    const mute = screen.getByRole('button', { name: t.shorts.mute })
    expect(mute.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(mute)
    expect(mute.getAttribute('aria-pressed')).toBe('false')
    expect(first.muted).toBe(false)
    expect(storage.get('marquee.shorts.muted')).toBe('false')
  })

  it("has the keyboard once shown; arrows move it even from a button inside a slide, Space there stays the button's", async () => {
    renderFeed([card(1), card(2), card(3)], answerPlay)
    await videoOfSlide(0)
    await waitFor(() => expect(playingSlides()).toEqual([0]))
    const feed = screen.getByRole('feed')
    expect(document.activeElement).toBe(feed)
    const scrollTo = vi.fn()
    feed.scrollTo = scrollTo
    const second = screen.getAllByRole('article')[1]!

    fireEvent.keyDown(screen.getByRole('button', { name: t.shorts.pause }), { key: 'ArrowDown' })
    expect(scrollTo).toHaveBeenCalledTimes(1)
    expect(scrollTo.mock.calls[0]![0]).toMatchObject({ top: second.offsetTop })
    fireEvent.keyDown(screen.getByRole('button', { name: t.shorts.pause }), { key: ' ' })
    expect(playingSlides()).toEqual([0])
    fireEvent.keyDown(feed, { key: ' ' })
    expect(playingSlides()).toEqual([])
  })

  it('a locked video shows its cover with a link to unlock it on the play page, and no stream', async () => {
    renderFeed([card(7, { price: 500 })], async (name, body) =>
      name === 'media/play' ? playInfo(card(body.id as number, { price: 500 }), { lock: 'price', lines: [] }) : {},
    )
    const link = await screen.findByRole('link', { name: t.shorts.unlockPrice('5') })
    expect(link.getAttribute('href')).toBe('/play/longVideo?id=7')
    expect(document.querySelector('video')).toBeNull()
  })

  it('a video with no stream line says so instead of showing a broken player', async () => {
    renderFeed([card(8)], async (name, body) =>
      name === 'media/play' ? playInfo(card(body.id as number), { lines: [] }) : {},
    )
    expect(await screen.findByText(t.shorts.noStream)).toBeTruthy()
    expect(document.querySelector('video')).toBeNull()
  })

  it('offline, the slide says playing needs the network, and plays once a retry gets through', async () => {
    let online = false
    renderFeed([card(9)], async (name, body) => {
      if (!online) throw new ApiError(ApiErrorKind.Network, t.http.network)
      return name === 'media/play' ? playInfo(card(body.id as number)) : {}
    })
    expect(await screen.findByText(t.shorts.needsNetwork)).toBeTruthy()
    online = true
    fireEvent.click(screen.getByRole('button', { name: t.common.retry }))
    await waitFor(() => expect(playingSlides()).toEqual([0]))
  })

  it('likes at once and rolls back when media/like fails; favourites through collect/operate', async () => {
    let failLike: (error: Error) => void = () => {}
    const { post } = renderFeed([card(1, { likeCount: 10 })], async (name, body) => {
      if (name === 'media/play') return playInfo(card(1, { likeCount: 10 }))
      if (name === 'media/like') return new Promise((_, reject) => (failLike = reject))
      if (name === 'collect/operate') return {}
      throw new Error(`unexpected ${name} ${JSON.stringify(body)}`)
    })
    const slide = (await screen.findAllByRole('article'))[0]!
    const like = await within(slide).findByRole('button', { name: t.shorts.like })
    await waitFor(() => expect((like as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(like)
    expect(like.getAttribute('aria-pressed')).toBe('true')
    expect(like.textContent).toContain('11')
    expect(post).toHaveBeenCalledWith('media/like', { id: 1, like: true })
    await act(async () => failLike(new ApiError(ApiErrorKind.Network, t.http.network)))
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'))
    expect(like.textContent).toContain('10')

    fireEvent.click(within(slide).getByRole('button', { name: t.shorts.favourite }))
    expect(post).toHaveBeenCalledWith('collect/operate', { id: 1 })
    await waitFor(() =>
      expect(within(slide).getByRole('button', { name: t.shorts.favourite }).getAttribute('aria-pressed')).toBe('true'),
    )
  })

  it('asks for the next page as the end comes near', async () => {
    const videos = [1, 2, 3, 4, 5, 6].map((id) => card(id))
    const { loadMore } = renderFeed(videos, answerPlay, { hasMore: true })
    await videoOfSlide(0)
    expect(loadMore).not.toHaveBeenCalled()
    DrivenObserver.current!.report({ 1: 0, 2: 1 })
    await waitFor(() => expect(loadMore).toHaveBeenCalled())
  })
})
