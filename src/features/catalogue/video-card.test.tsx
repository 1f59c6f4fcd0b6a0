import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VideoCard as VideoCardData } from '../../../core/contracts/media.ts'
import { t } from '../../lib/messages.ts'
import { videoCard } from '../../testing/app-kit.tsx'
import { coverRatio, VideoGrid } from './video-card.tsx'

// The <img> asks for its cover itself (as under a worker): no fallback fetch in these tests.
vi.mock('../../lib/sw-bridge.ts', () => ({ hasControllingWorker: () => true }))

// Covers stay placeholders unless a test reports them seen.
class IdleObserver {
  observe() {}
  disconnect() {}
}
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', IdleObserver)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const video = (patch: Partial<VideoCardData>): VideoCardData =>
  videoCard(3, {
    title: '夏日海边的旅行',
    cover: 'covers/3.jpg',
    coverWidth: 640,
    coverHeight: 360,
    duration: 3725,
    playCount: 12_345,
    ...patch,
  })

async function renderGrid(videos: VideoCardData[], onFirstCoverShown?: () => void) {
  const rootRoute = createRootRoute({
    component: () => (
      <VideoGrid
        videos={videos}
        config={{ domain: [{ type: 'IMAGE', urls: ['https://img.example/i/'] }] }}
        {...(onFirstCoverShown ? { onFirstCoverShown } : {})}
      />
    ),
  })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  render(<RouterProvider router={router} />)
  return screen.findAllByRole('link')
}

describe('VideoGrid', () => {
  it('links each card to where its content type plays, with its title, count, duration and badges', async () => {
    const links = await renderGrid([
      video({}),
      video({ id: 4, contentType: 3, title: '合集', vip: 2, price: 250 }),
      video({ id: 5, contentType: 7 as VideoCardData['contentType'], title: '下线' }),
    ])
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/play/longVideo?id=3',
      '/play/videoCollection?id=4',
      '/notFound',
    ])
    expect(links[0]!.querySelector('h3')!.textContent).toBe('夏日海边的旅行')
    const first = within(links[0]!)
    expect(first.getByLabelText(t.catalogue.plays('1.2W'))).toBeTruthy()
    expect(first.getByLabelText(t.catalogue.duration('1:02:05'))).toBeTruthy()
    // The cover placeholder carries the title until the image loads.
    expect(screen.getAllByRole('img', { name: '夏日海边的旅行' })).toHaveLength(1)
    expect(links[1]!.textContent).toContain('SVIP')
    expect(links[1]!.textContent).toContain(t.catalogue.price('2.50'))
    expect(links[0]!.textContent).not.toContain('VIP')
  })
})

describe('coverRatio', () => {
  it("tells when the first card's cover is showing, and only the first's", async () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class SeenAtOnce {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          queueMicrotask(() =>
            this.callback(
              [{ target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            ),
          )
        }
        disconnect() {}
      },
    )
    const onFirstCoverShown = vi.fn()
    await renderGrid([video({}), video({ id: 4, cover: 'covers/4.jpg' })], onFirstCoverShown)
    await act(async () => {})
    const [first, second] = document.querySelectorAll('img')
    await act(async () => void fireEvent.load(second!))
    expect(onFirstCoverShown).not.toHaveBeenCalled()
    await act(async () => void fireEvent.load(first!))
    expect(onFirstCoverShown).toHaveBeenCalledTimes(1)
  })

  it('is the cover width over height, kept within 9:16 and 2:1, 16:9 when unknown', () => {
    expect(coverRatio({ coverWidth: 640, coverHeight: 480 })).toBeCloseTo(4 / 3)
    expect(coverRatio({ coverWidth: 100, coverHeight: 1000 })).toBeCloseTo(9 / 16)
    expect(coverRatio({ coverWidth: 3000, coverHeight: 100 })).toBe(2)
    expect(coverRatio({ coverWidth: 0, coverHeight: 0 })).toBeCloseTo(16 / 9)
  })
})
