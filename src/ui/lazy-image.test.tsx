import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearImageFailures, recentImageFailures } from '../lib/image-log.ts'
import { INSTANT_IMAGE_MS, LazyImage, LAZY_IMAGE_ROOT_MARGIN, LAZY_IMAGE_THRESHOLD } from './lazy-image.tsx'

const worker = vi.hoisted(() => ({ controlling: false }))
const fallback = vi.hoisted(() => ({
  load: vi.fn<(src: string) => Promise<string>>(),
  stored: vi.fn<(src: string) => Promise<string | null>>(),
}))
vi.mock('../lib/sw-bridge.ts', () => ({ hasControllingWorker: () => worker.controlling }))
vi.mock('../lib/image-fallback.ts', () => ({ pageImageFallback: () => fallback }))

class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = []
  readonly targets = new Set<Element>()
  disconnected = false
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.all.push(this)
  }
  observe(target: Element) {
    this.targets.add(target)
  }
  unobserve(target: Element) {
    this.targets.delete(target)
  }
  disconnect() {
    this.disconnected = true
    this.targets.clear()
  }
  /** Reports every observed target at `ratio`, as a browser does on crossing a threshold. */
  report(ratio: number) {
    const entries = [...this.targets].map(
      (target) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as IntersectionObserverEntry,
    )
    if (entries.length) this.callback(entries, this as unknown as IntersectionObserver)
  }
}
const watching = () => FakeIntersectionObserver.all.filter((o) => o.targets.size > 0)
const scrollTo = (ratio: number) => act(() => watching().forEach((o) => o.report(ratio)))

const SRC = 'https://img.example/covers/1.bin'

beforeEach(() => {
  FakeIntersectionObserver.all = []
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  worker.controlling = false
  fallback.load.mockReset()
  fallback.stored.mockReset()
  fallback.stored.mockResolvedValue(null)
  clearImageFailures()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const frame = (container: HTMLElement) => container.querySelector<HTMLElement>('.lazy-image')!
const img = (container: HTMLElement) => container.querySelector('img')

describe('LazyImage', () => {
  it('holds its aspect ratio and does nothing until 30 % visible with a 100 px bottom margin', () => {
    worker.controlling = true
    const { container } = render(<LazyImage src={SRC} alt="封面" ratio={16 / 9} className="card__cover" />)
    expect(frame(container).style.aspectRatio).toMatch(/^1\.7777/)
    expect(frame(container).className).toBe('lazy-image card__cover')
    expect(watching()[0]!.options).toEqual({ threshold: LAZY_IMAGE_THRESHOLD, rootMargin: LAZY_IMAGE_ROOT_MARGIN })
    expect(LAZY_IMAGE_THRESHOLD).toBe(0.3)
    expect(LAZY_IMAGE_ROOT_MARGIN).toBe('0px 0px 100px 0px')

    scrollTo(0.1)
    expect(img(container)).toBeNull()
    expect(frame(container).dataset.state).toBe('idle')
    // The placeholder carries the alt text while there is no <img>.
    expect(screen.getByRole('img', { name: '封面' })).toBe(frame(container))
  })

  it('under a controlling worker renders <img src> once visible, once, and fades it in when decoded', async () => {
    worker.controlling = true
    const clock = vi.spyOn(performance, 'now').mockReturnValue(1000)
    const onShown = vi.fn()
    const { container } = render(<LazyImage src={SRC} alt="封面" ratio={1} onShown={onShown} />)
    scrollTo(0.3)
    const image = img(container)!
    expect(image.getAttribute('src')).toBe(SRC)
    expect(image.getAttribute('alt')).toBe('封面')
    expect(frame(container).dataset.state).toBe('loading')
    expect(frame(container).getAttribute('role')).toBeNull()
    expect(screen.getByRole('img', { name: '封面' })).toBe(image)
    expect(watching()).toEqual([])
    expect(fallback.load).not.toHaveBeenCalled()

    expect(image.className).toBe('lazy-image__img')
    expect(onShown).not.toHaveBeenCalled()
    clock.mockReturnValue(1000 + INSTANT_IMAGE_MS + 1)
    await act(async () => {
      fireEvent.load(image)
    })
    expect(image.className).toBe('lazy-image__img lazy-image__img--shown')
    expect(onShown).toHaveBeenCalledTimes(1)
    expect(onShown).toHaveBeenCalledWith(image)
    expect(frame(container).dataset.state).toBe('shown')
  })

  it('shows an image decoded within INSTANT_IMAGE_MS of being asked for without the fade', async () => {
    worker.controlling = true
    const clock = vi.spyOn(performance, 'now').mockReturnValue(1000)
    const onShown = vi.fn()
    const { container } = render(<LazyImage src={SRC} alt="封面" ratio={1} onShown={onShown} />)
    scrollTo(0.3)
    clock.mockReturnValue(1000 + INSTANT_IMAGE_MS)
    await act(async () => {
      fireEvent.load(img(container)!)
    })
    expect(img(container)!.className).toBe('lazy-image__img lazy-image__img--shown lazy-image__img--instant')
    expect(onShown).toHaveBeenCalledTimes(1)
    expect(frame(container).dataset.state).toBe('shown')
  })

  it('without a worker shows the fallback data URI', async () => {
    fallback.load.mockResolvedValue('data:image/png;base64,AAAA')
    const { container } = render(<LazyImage src={SRC} alt="" ratio={1} />)
    expect(fallback.load).not.toHaveBeenCalled()
    await act(async () => scrollTo(0.5))
    await vi.dynamicImportSettled()
    await act(async () => {})
    expect(fallback.load.mock.calls).toEqual([[SRC]])
    expect(img(container)?.getAttribute('src')).toBe('data:image/png;base64,AAAA')
    // Decorative: alt="" and no role on the placeholder.
    expect(img(container)?.getAttribute('alt')).toBe('')
    expect(frame(container).getAttribute('role')).toBeNull()
  })

  it('keeps the placeholder and logs when the fallback fails, with no second attempt', async () => {
    fallback.load.mockRejectedValue(Object.assign(new Error('image load failed: timeout'), { reason: 'timeout' }))
    const { container } = render(<LazyImage src={SRC} alt="封面" ratio={1} />)
    await act(async () => scrollTo(1))
    await vi.dynamicImportSettled()
    await act(async () => {})
    expect(img(container)).toBeNull()
    expect(frame(container).dataset.state).toBe('failed')
    expect(screen.getByRole('img', { name: '封面' })).toBe(frame(container))
    expect(recentImageFailures()).toEqual([{ src: SRC, reason: 'timeout' }])
    scrollTo(1)
    expect(fallback.load).toHaveBeenCalledTimes(1)
  })

  it('keeps the placeholder and logs when the <img> fails under the worker and nothing was stored', async () => {
    worker.controlling = true
    const { container } = render(<LazyImage src={SRC} alt="封面" ratio={1} />)
    scrollTo(1)
    await act(async () => {
      fireEvent.error(img(container)!)
    })
    await vi.dynamicImportSettled()
    await act(async () => {})
    expect(fallback.stored.mock.calls).toEqual([[SRC]])
    expect(img(container)).toBeNull()
    expect(frame(container).dataset.state).toBe('failed')
    expect(recentImageFailures()).toEqual([{ src: SRC, reason: 'error' }])
    expect(fallback.load).not.toHaveBeenCalled()
  })

  it('under the worker, shows the copy the fallback stored when the <img> fails (offline, first-visit images)', async () => {
    // A first visit shows images through the fallback before the worker takes over; they are in
    // imageDatabase/imgList, not in the worker's caches, so offline only the stored copy can show them.
    worker.controlling = true
    fallback.stored.mockResolvedValue('data:image/jpeg;base64,BBBB')
    const { container } = render(<LazyImage src={SRC} alt="封面" ratio={1} />)
    scrollTo(1)
    await act(async () => {
      fireEvent.error(img(container)!)
    })
    await vi.dynamicImportSettled()
    await act(async () => {})
    expect(img(container)?.getAttribute('src')).toBe('data:image/jpeg;base64,BBBB')
    expect(recentImageFailures()).toEqual([])
    // No second network attempt: the store only.
    expect(fallback.load).not.toHaveBeenCalled()

    // The stored copy failing too is the end: logged, placeholder kept.
    await act(async () => {
      fireEvent.error(img(container)!)
    })
    expect(img(container)).toBeNull()
    expect(frame(container).dataset.state).toBe('failed')
    expect(recentImageFailures()).toEqual([{ src: SRC, reason: 'error' }])
    expect(fallback.stored).toHaveBeenCalledTimes(1)
  })

  it('starts over for a new src', () => {
    worker.controlling = true
    const { container, rerender } = render(<LazyImage src={SRC} alt="a" ratio={1} />)
    scrollTo(1)
    rerender(<LazyImage src="https://img.example/covers/2.bin" alt="b" ratio={1} />)
    expect(img(container)).toBeNull()
    scrollTo(1)
    expect(img(container)?.getAttribute('src')).toBe('https://img.example/covers/2.bin')
  })

  it('loads at once where IntersectionObserver is missing', async () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    worker.controlling = true
    const { container } = render(<LazyImage src={SRC} alt="a" ratio={1} />)
    await act(async () => {})
    expect(img(container)?.getAttribute('src')).toBe(SRC)
  })

  it('when eager, loads without being seen; turned eager later, loads then', async () => {
    worker.controlling = true
    const { container, rerender } = render(<LazyImage src={SRC} alt="a" ratio={1} />)
    await act(async () => {})
    expect(img(container)).toBeNull()
    rerender(<LazyImage src={SRC} alt="a" ratio={1} eager />)
    await act(async () => {})
    expect(img(container)?.getAttribute('src')).toBe(SRC)
    expect(watching()).toEqual([])

    fallback.load.mockResolvedValue('data:image/png;base64,AAAA')
    worker.controlling = false
    const other = render(<LazyImage src="https://img.example/covers/2.bin" alt="b" ratio={1} eager />)
    await act(async () => {})
    await vi.dynamicImportSettled()
    await act(async () => {})
    expect(fallback.load.mock.calls).toEqual([['https://img.example/covers/2.bin']])
    expect(img(other.container)?.getAttribute('src')).toBe('data:image/png;base64,AAAA')
  })

  it('with `after`, loads once it settles, though seen before', async () => {
    worker.controlling = true
    let open!: () => void
    const after = new Promise<void>((resolve) => (open = resolve))
    const { container } = render(<LazyImage src={SRC} alt="a" ratio={1} after={after} />)
    await act(async () => scrollTo(0.5))
    expect(img(container)).toBeNull()
    expect(frame(container).dataset.state).toBe('idle')
    await act(async () => open())
    expect(img(container)?.getAttribute('src')).toBe(SRC)
  })
})
