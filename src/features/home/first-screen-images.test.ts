import { describe, expect, it, vi } from 'vitest'
import { DomainType } from '../../../core/contracts/domain.ts'
import {
  FIRST_COVER_WAIT_MS,
  createFirstScreenGate,
  firstCoverKeys,
  firstSlideKey,
  loadFirstCovers,
  loadFirstSlide,
} from './first-screen-images.ts'

const IMAGE = { type: DomainType.Image, urls: ['https://img.example'] }
const video = (cover: string) => ({ id: cover, cover })
const HOME = {
  sections: [
    { topic: { id: 1, name: '热门' }, videos: [video('a'), video('b'), video(''), video('c'), video('d')] },
    { topic: { id: 2, name: '风景' }, videos: [video('e')] },
  ],
}
const ad = (id: number, image: string, position = 1) => ({ id, image, position })
// Position 2 is another page's banner; the carousel's first slide is the first at position 1.
const CONFIG = { domain: [IMAGE], advertise: [ad(1, 'banner', 2), ad(2, 'slide1'), ad(3, 'slide2')] }

describe('firstCoverKeys', () => {
  it("takes the first section's first covers, skipping empty keys", () => {
    expect(firstCoverKeys(HOME)).toEqual(['a', 'b', 'c'])
    expect(firstCoverKeys(HOME, 1)).toEqual(['a'])
  })

  it.each([null, {}, { sections: [] }, { sections: [{}] }, { sections: 'x' }])('is empty for %j', (answer) => {
    expect(firstCoverKeys(answer)).toEqual([])
  })
})

describe('firstSlideKey', () => {
  it("is the image of home's carousel's first slide, or null without one", () => {
    expect(firstSlideKey(CONFIG)).toBe('slide1')
    expect(firstSlideKey({ ...CONFIG, advertise: [ad(1, 'banner', 2)] })).toBeNull()
    expect(firstSlideKey({ ...CONFIG, advertise: [ad(1, '')] })).toBeNull()
  })
})

describe('loadFirstSlide and loadFirstCovers', () => {
  it("start the first slide, then the first covers, under the config's IMAGE domain", () => {
    const load = vi.fn()
    const deps = { config: () => CONFIG, load }
    loadFirstSlide(deps)
    loadFirstCovers(HOME, deps)
    expect(load.mock.calls.map(([url]) => url)).toEqual([
      'https://img.example/slide1',
      'https://img.example/a',
      'https://img.example/b',
      'https://img.example/c',
    ])
  })

  it('load nothing before the config is known, or for an answer without sections', () => {
    const load = vi.fn()
    loadFirstSlide({ config: () => null, load })
    loadFirstCovers(HOME, { config: () => null, load })
    loadFirstCovers({}, { config: () => CONFIG, load })
    expect(load).not.toHaveBeenCalled()
  })
})

describe('createFirstScreenGate', () => {
  const fakeTimers = () => {
    const timeouts: Array<{ callback: () => void; ms: number }> = []
    const frames: Array<() => void> = []
    return {
      timeouts,
      frames,
      timers: {
        setTimeout: (callback: () => void, ms: number) => timeouts.push({ callback, ms }),
        requestAnimationFrame: (callback: () => void) => frames.push(callback),
      },
    }
  }
  const settled = async (promise: Promise<void>) => {
    let done = false
    void promise.then(() => (done = true))
    await Promise.resolve()
    await Promise.resolve()
    return done
  }

  it('opens once the frame painting the first cover is done', async () => {
    const { timers, timeouts, frames } = fakeTimers()
    const gate = createFirstScreenGate(timers)
    gate.coverShown()
    expect(await settled(gate.opened)).toBe(false)
    frames.shift()!()
    expect(await settled(gate.opened)).toBe(false)
    const afterFrame = timeouts.find(({ ms }) => ms === 0)!
    afterFrame.callback()
    expect(await settled(gate.opened)).toBe(true)
  })

  it('opens after FIRST_COVER_WAIT_MS without a cover', async () => {
    const { timers, timeouts } = fakeTimers()
    const gate = createFirstScreenGate(timers)
    expect(timeouts.map(({ ms }) => ms)).toEqual([FIRST_COVER_WAIT_MS])
    expect(await settled(gate.opened)).toBe(false)
    timeouts[0]!.callback()
    expect(await settled(gate.opened)).toBe(true)
  })
})
