import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Advertise } from '../../../core/contracts/config.ts'
import { DomainType } from '../../../core/contracts/domain.ts'
import { AdCarousel } from './ad-carousel.tsx'

vi.mock('../../lib/sw-bridge.ts', () => ({ hasControllingWorker: () => true }))

/** The first slide is in view; the others, clipped by the carousel, never intersect. */
class FirstSlideIntersectionObserver {
  constructor(readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    if (target.closest('.ad-carousel__slide') !== target.ownerDocument.querySelector('.ad-carousel__slide')) return
    const entry = { target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry
    queueMicrotask(() => this.callback([entry], this as unknown as IntersectionObserver))
  }
  unobserve() {}
  disconnect() {}
}

let idleCallbacks: (() => void)[] = []
beforeEach(() => {
  idleCallbacks = []
  vi.stubGlobal('IntersectionObserver', FirstSlideIntersectionObserver)
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback))
  vi.stubGlobal('cancelIdleCallback', () => {})
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const config = { domain: [{ type: DomainType.Image, urls: ['https://img.example'] }] }
const ads: Advertise[] = [1, 2, 3].map((id) => ({ id, image: `ads/${id}.bin`, position: 1, title: `广告${id}` }))
const slideImages = (container: HTMLElement) =>
  [...container.querySelectorAll('.ad-carousel__slide')].map((slide) => slide.querySelector('img')?.getAttribute('src'))

describe('AdCarousel', () => {
  it('loads the next slide ahead once the first has shown and the page is idle, and no other hidden slide', async () => {
    const { container } = render(<AdCarousel ads={ads} config={config} onOpen={() => {}} />)
    await act(async () => {})
    expect(slideImages(container)).toEqual(['https://img.example/ads/1.bin', undefined, undefined])
    expect(idleCallbacks).toEqual([])

    await act(async () => {
      fireEvent.load(container.querySelector('img')!)
    })
    expect(idleCallbacks).toHaveLength(1)
    expect(slideImages(container)).toEqual(['https://img.example/ads/1.bin', undefined, undefined])

    await act(async () => idleCallbacks.forEach((callback) => callback()))
    expect(slideImages(container)).toEqual([
      'https://img.example/ads/1.bin',
      'https://img.example/ads/2.bin',
      undefined,
    ])
  })

  it('loads nothing ahead with a single ad', async () => {
    const { container } = render(<AdCarousel ads={ads.slice(0, 1)} config={config} onOpen={() => {}} />)
    await act(async () => {})
    await act(async () => {
      fireEvent.load(container.querySelector('img')!)
    })
    expect(idleCallbacks).toEqual([])
    expect(slideImages(container)).toEqual(['https://img.example/ads/1.bin'])
  })
})
