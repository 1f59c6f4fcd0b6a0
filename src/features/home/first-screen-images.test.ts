import { afterEach, describe, expect, it, vi } from 'vitest'
import { DomainType } from '../../../core/contracts/domain.ts'
import {
  FIRST_COVER_TIMING,
  FIRST_COVER_WAIT_MS,
  createFirstScreenGate,
  firstCoverKeys,
  firstSlideKey,
  loadFirstCovers,
  loadFirstSlide,
  whenPaintedByElementTiming,
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
  const fakeDeps = ({ reportsPaints }: { reportsPaints: boolean }) => {
    const timeouts: Array<{ callback: () => void; ms: number }> = []
    const frames: Array<() => void> = []
    const painted: Array<{ element: Element; callback: () => void }> = []
    return {
      timeouts,
      frames,
      painted,
      deps: {
        setTimeout: (callback: () => void, ms: number) => timeouts.push({ callback, ms }),
        requestAnimationFrame: (callback: () => void) => frames.push(callback),
        whenPainted: (element: Element, callback: () => void) => {
          if (reportsPaints) painted.push({ element, callback })
          return reportsPaints
        },
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
  const cover = document.createElement('img')

  it('opens once the browser reports that the first cover has painted', async () => {
    const { deps, frames, painted } = fakeDeps({ reportsPaints: true })
    const gate = createFirstScreenGate(deps)
    gate.coverShown(cover)
    expect(painted.map(({ element }) => element)).toEqual([cover])
    expect(frames).toEqual([])
    expect(await settled(gate.opened)).toBe(false)
    painted[0]!.callback()
    expect(await settled(gate.opened)).toBe(true)
  })

  it('where the browser cannot report paints, opens once the frame painting the first cover is done', async () => {
    const { deps, timeouts, frames } = fakeDeps({ reportsPaints: false })
    const gate = createFirstScreenGate(deps)
    gate.coverShown(cover)
    expect(await settled(gate.opened)).toBe(false)
    frames.shift()!()
    expect(await settled(gate.opened)).toBe(false)
    const afterFrame = timeouts.find(({ ms }) => ms === 0)!
    afterFrame.callback()
    expect(await settled(gate.opened)).toBe(true)
  })

  it('opens after FIRST_COVER_WAIT_MS without a cover', async () => {
    const { deps, timeouts } = fakeDeps({ reportsPaints: true })
    const gate = createFirstScreenGate(deps)
    expect(timeouts.map(({ ms }) => ms)).toEqual([FIRST_COVER_WAIT_MS])
    expect(await settled(gate.opened)).toBe(false)
    timeouts[0]!.callback()
    expect(await settled(gate.opened)).toBe(true)
  })
})

describe('whenPaintedByElementTiming', () => {
  /** A PerformanceObserver that reports only what the test delivers. */
  class FakeObserver {
    static supportedEntryTypes: readonly string[] = ['element']
    static instances: FakeObserver[] = []
    observed: unknown[] = []
    disconnected = false
    constructor(readonly deliver: (list: { getEntries(): unknown[] }) => void) {
      FakeObserver.instances.push(this)
    }
    observe(options: unknown) {
      this.observed.push(options)
    }
    disconnect() {
      this.disconnected = true
    }
    report(...identifiers: string[]) {
      this.deliver({ getEntries: () => identifiers.map((identifier) => ({ entryType: 'element', identifier })) })
    }
  }
  afterEach(() => {
    vi.unstubAllGlobals()
    FakeObserver.instances = []
  })

  it('marks the element, and calls back on its own entry only, once', () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver)
    const image = document.createElement('img')
    const callback = vi.fn()
    expect(whenPaintedByElementTiming(image, callback)).toBe(true)
    expect(image.getAttribute('elementtiming')).toBe(FIRST_COVER_TIMING)
    const [observer] = FakeObserver.instances
    expect(observer!.observed).toEqual([{ type: 'element' }])
    observer!.report('some-other-image')
    expect(callback).not.toHaveBeenCalled()
    observer!.report(FIRST_COVER_TIMING)
    expect(callback).toHaveBeenCalledTimes(1)
    expect(observer!.disconnected).toBe(true)
  })

  it('answers false, marking nothing, where Element Timing is not supported', () => {
    vi.stubGlobal(
      'PerformanceObserver',
      class extends FakeObserver {
        static override supportedEntryTypes = ['paint', 'largest-contentful-paint']
      },
    )
    const image = document.createElement('img')
    expect(whenPaintedByElementTiming(image, () => {})).toBe(false)
    expect(image.hasAttribute('elementtiming')).toBe(false)
    expect(FakeObserver.instances).toEqual([])
  })
})
