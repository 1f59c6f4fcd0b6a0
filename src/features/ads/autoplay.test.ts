import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTOPLAY_DELAY_MS, createAutoplay, useAutoplay, type CarouselLike } from './autoplay.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createAutoplay', () => {
  it('advances every delay, holds while any reason stands, and resumes a full delay later', () => {
    const advance = vi.fn()
    const autoplay = createAutoplay(advance, 3000)
    vi.advanceTimersByTime(2999)
    expect(advance).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(advance).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(3000)
    expect(advance).toHaveBeenCalledTimes(2)

    autoplay.pause('hidden')
    autoplay.pause('pointer')
    vi.advanceTimersByTime(10_000)
    expect(advance).toHaveBeenCalledTimes(2)
    autoplay.resume('hidden')
    vi.advanceTimersByTime(10_000)
    expect(advance).toHaveBeenCalledTimes(2)
    expect(autoplay.paused).toBe(true)
    autoplay.resume('pointer')
    expect(autoplay.paused).toBe(false)
    vi.advanceTimersByTime(2999)
    expect(advance).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(1)
    expect(advance).toHaveBeenCalledTimes(3)
  })

  it('starts the delay over on restart, ignores resuming what was not paused, and stops for good', () => {
    const advance = vi.fn()
    const autoplay = createAutoplay(advance, 3000)
    vi.advanceTimersByTime(2000)
    autoplay.restart()
    vi.advanceTimersByTime(2000)
    expect(advance).not.toHaveBeenCalled()
    autoplay.resume('focus')
    vi.advanceTimersByTime(1000)
    expect(advance).toHaveBeenCalledTimes(1)
    autoplay.stop()
    autoplay.resume('hidden')
    autoplay.restart()
    vi.advanceTimersByTime(60_000)
    expect(advance).toHaveBeenCalledTimes(1)
  })
})

function fakeCarousel() {
  const listeners = new Map<string, Set<() => void>>()
  const root = document.createElement('div')
  const inside = document.createElement('button')
  root.append(inside)
  document.body.append(root)
  const carousel = {
    scrollNext: vi.fn<() => void>(),
    rootNode: () => root,
    on: (event: string, callback: () => void) =>
      listeners.set(event, (listeners.get(event) ?? new Set()).add(callback)),
    off: (event: string, callback: () => void) => listeners.get(event)?.delete(callback),
    emit: (event: string) => listeners.get(event)?.forEach((callback) => callback()),
  } satisfies CarouselLike & { emit(event: string): void }
  return { carousel, root, inside, listeners }
}

function fakeDocument() {
  const target = new EventTarget()
  let state: DocumentVisibilityState = 'visible'
  Object.defineProperty(target, 'visibilityState', { get: () => state })
  const doc = target as unknown as Document
  return {
    doc,
    setVisibility(next: DocumentVisibilityState) {
      state = next
      target.dispatchEvent(new Event('visibilitychange'))
    },
  }
}

describe('useAutoplay', () => {
  it('pauses while the page is hidden and while the user drags or focuses the carousel', () => {
    const { carousel, inside, listeners } = fakeCarousel()
    const page = fakeDocument()
    const { unmount } = renderHook(() => useAutoplay(carousel, true, AUTOPLAY_DELAY_MS, page.doc))
    vi.advanceTimersByTime(AUTOPLAY_DELAY_MS)
    expect(carousel.scrollNext).toHaveBeenCalledTimes(1)

    page.setVisibility('hidden')
    vi.advanceTimersByTime(10_000)
    expect(carousel.scrollNext).toHaveBeenCalledTimes(1)
    page.setVisibility('visible')
    vi.advanceTimersByTime(AUTOPLAY_DELAY_MS)
    expect(carousel.scrollNext).toHaveBeenCalledTimes(2)

    carousel.emit('pointerDown')
    vi.advanceTimersByTime(10_000)
    expect(carousel.scrollNext).toHaveBeenCalledTimes(2)
    carousel.emit('pointerUp')
    vi.advanceTimersByTime(AUTOPLAY_DELAY_MS)
    expect(carousel.scrollNext).toHaveBeenCalledTimes(3)

    inside.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    vi.advanceTimersByTime(10_000)
    expect(carousel.scrollNext).toHaveBeenCalledTimes(3)
    inside.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: document.body }))
    vi.advanceTimersByTime(AUTOPLAY_DELAY_MS)
    expect(carousel.scrollNext).toHaveBeenCalledTimes(4)

    unmount()
    vi.advanceTimersByTime(10_000)
    expect(carousel.scrollNext).toHaveBeenCalledTimes(4)
    expect([...listeners.values()].every((set) => set.size === 0)).toBe(true)
  })

  it('does not start while the page is hidden, nor when disabled (a single slide)', () => {
    const { carousel } = fakeCarousel()
    const page = fakeDocument()
    page.setVisibility('hidden')
    renderHook(() => useAutoplay(carousel, true, AUTOPLAY_DELAY_MS, page.doc))
    vi.advanceTimersByTime(10_000)
    expect(carousel.scrollNext).not.toHaveBeenCalled()
    const other = fakeCarousel()
    renderHook(() => useAutoplay(other.carousel, false, AUTOPLAY_DELAY_MS, fakeDocument().doc))
    vi.advanceTimersByTime(10_000)
    expect(other.carousel.scrollNext).not.toHaveBeenCalled()
  })
})
