import { describe, expect, it } from 'vitest'
import { DomainType, domainUrl, type AppConfig } from '../../core/contracts/config.ts'
import type { PageToWorkerMessage } from '../../core/sw-messages.ts'
import {
  checkForUpdatesWhenVisible,
  offerUpdates,
  postImageOrigins,
  syncImageOrigins,
  UPDATE_RECHECK_MS,
  whenNetworkQuiet,
} from './sw-bridge.ts'

type Domains = Pick<AppConfig, 'domain'>
const IMAGE = 'https://img.example/'
const config: Domains = {
  domain: [
    { type: 'API', urls: ['https://api.example/'] },
    { type: 'IMAGE', urls: [IMAGE, 'https://img2.example/'] },
  ],
}

describe('postImageOrigins', () => {
  it('posts the first IMAGE url, as domainUrl() finds it', () => {
    const sent: PageToWorkerMessage[] = []
    expect(postImageOrigins(config, (m) => sent.push(m))).toBe(true)
    expect(sent).toEqual([{ type: 'IMAGE_ORIGINS', origins: [IMAGE] }])
    expect(sent[0]).toEqual({ type: 'IMAGE_ORIGINS', origins: [domainUrl(config, DomainType.Image)] })
  })

  it.each([
    ['no config yet', null],
    ['no IMAGE domain', { domain: [{ type: 'API', urls: ['https://api.example/'] }] }],
    ['an IMAGE domain without urls', { domain: [{ type: 'IMAGE', urls: [] }] }],
    ['an empty IMAGE url', { domain: [{ type: 'IMAGE', urls: [''] }] }],
  ] as Array<[string, Domains | null]>)('sends nothing with %s', (_name, value) => {
    const sent: PageToWorkerMessage[] = []
    expect(postImageOrigins(value, (m) => sent.push(m))).toBe(false)
    expect(sent).toEqual([])
  })
})

function fakeWorld(initial: Domains | null, controlled: boolean) {
  const posted: Array<{ worker: string; message: unknown }> = []
  const worker = (name: string) => ({ postMessage: (message: unknown) => posted.push({ worker: name, message }) })
  const events = new EventTarget()
  const container = {
    controller: controlled ? worker('first') : null,
    addEventListener: events.addEventListener.bind(events),
  } as unknown as ServiceWorkerContainer
  let current = initial
  const listeners: Array<() => void> = []
  syncImageOrigins({
    container,
    getConfig: () => current,
    subscribe: (listener) => void listeners.push(listener),
  })
  return {
    posted,
    setConfig(next: Domains | null) {
      current = next
      listeners.forEach((listener) => listener())
    },
    takeControl(name: string) {
      ;(container as { controller: unknown }).controller = worker(name)
      events.dispatchEvent(new Event('controllerchange'))
    },
  }
}

const message = { type: 'IMAGE_ORIGINS', origins: [IMAGE] }

describe('syncImageOrigins', () => {
  it('sends the stored config on start when a worker controls the page', () => {
    const world = fakeWorld(config, true)
    expect(world.posted).toEqual([{ worker: 'first', message }])
  })

  it('waits for the config, then sends after each refresh', () => {
    const world = fakeWorld(null, true)
    expect(world.posted).toEqual([])
    world.setConfig(config)
    const moved: Domains = { domain: [{ type: 'IMAGE', urls: ['https://moved.example/'] }] }
    world.setConfig(moved)
    expect(world.posted).toEqual([
      { worker: 'first', message },
      { worker: 'first', message: { type: 'IMAGE_ORIGINS', origins: ['https://moved.example/'] } },
    ])
  })

  it('sends nothing while no worker controls the page, and sends to a worker that takes control', () => {
    const world = fakeWorld(config, false)
    world.setConfig(config)
    expect(world.posted).toEqual([])
    world.takeControl('second')
    expect(world.posted).toEqual([{ worker: 'second', message }])
  })

  it('does nothing without service worker support', () => {
    expect(() => syncImageOrigins({ container: undefined, getConfig: () => config, subscribe: () => {} })).not.toThrow()
  })
})

function fakeWorkbox() {
  const listeners: Record<string, Array<() => void>> = {}
  const calls: string[] = []
  return {
    calls,
    emit: (type: string) => (listeners[type] ?? []).forEach((listener) => listener()),
    wb: {
      addEventListener: (type: string, listener: () => void) => void (listeners[type] ??= []).push(listener),
      messageSkipWaiting: () => void calls.push('skip-waiting'),
      update: async () => void calls.push('update'),
    },
  }
}

function fakeTimers() {
  const pending: Array<{ callback: () => void; ms: number }> = []
  return {
    pending,
    setTimeout: (callback: () => void, ms: number) => pending.push({ callback, ms }),
    fire: () => pending.splice(0).forEach(({ callback }) => callback()),
  }
}

describe('offerUpdates', () => {
  function setup() {
    const workbox = fakeWorkbox()
    const timers = fakeTimers()
    const offers: Array<() => void> = []
    let reloads = 0
    const world = { controller: 'old worker', waiting: true }
    offerUpdates(workbox.wb, (apply) => offers.push(apply), {
      reload: () => reloads++,
      setTimeout: timers.setTimeout,
      controller: () => world.controller,
      workerWaiting: () => world.waiting,
    })
    return { workbox, timers, offers, world, reloads: () => reloads }
  }

  it('offers nothing until a worker is waiting, and does not skip waiting before the tap', () => {
    const { workbox, offers } = setup()
    expect(offers).toHaveLength(0)
    workbox.emit('waiting')
    expect(offers).toHaveLength(1)
    expect(workbox.calls).toEqual([])
  })

  it('on the tap asks the waiting worker to skip waiting and reloads once it controls the page', () => {
    const { workbox, timers, offers, world, reloads } = setup()
    workbox.emit('waiting')
    offers[0]!()
    expect(workbox.calls).toEqual(['skip-waiting'])
    expect(timers.pending.map(({ ms }) => ms)).toEqual([UPDATE_RECHECK_MS])
    expect(reloads()).toBe(0)
    world.controller = 'new worker'
    world.waiting = false
    workbox.emit('controlling')
    expect(reloads()).toBe(1)
    // The recheck coming later neither reloads a second time nor asks again.
    timers.fire()
    expect(reloads()).toBe(1)
    expect(workbox.calls).toEqual(['skip-waiting'])
    expect(timers.pending).toHaveLength(0)
  })

  it('never reloads while the new worker still waits for the old one, asking again at each recheck', () => {
    // The old worker is still answering a request (a slow cover): a reload now would get the old index.html.
    const { workbox, timers, offers, world, reloads } = setup()
    workbox.emit('waiting')
    offers[0]!()
    timers.fire()
    timers.fire()
    expect(reloads()).toBe(0)
    expect(workbox.calls).toEqual(['skip-waiting', 'skip-waiting', 'skip-waiting'])
    expect(timers.pending.map(({ ms }) => ms)).toEqual([UPDATE_RECHECK_MS])
    world.controller = 'new worker'
    world.waiting = false
    workbox.emit('controlling')
    expect(reloads()).toBe(1)
  })

  it('reloads at a recheck when control changed without a controlling event', () => {
    const { workbox, timers, offers, world, reloads } = setup()
    workbox.emit('waiting')
    offers[0]!()
    world.controller = 'new worker'
    timers.fire()
    expect(reloads()).toBe(1)
    expect(timers.pending).toHaveLength(0)
    workbox.emit('controlling')
    expect(reloads()).toBe(1)
  })

  it('reloads at a recheck when no worker waits any more', () => {
    const { workbox, timers, offers, world, reloads } = setup()
    workbox.emit('waiting')
    offers[0]!()
    world.waiting = false
    timers.fire()
    expect(reloads()).toBe(1)
    expect(workbox.calls).toEqual(['skip-waiting'])
  })

  it('treats a second tap as the first', () => {
    const { workbox, timers, offers } = setup()
    workbox.emit('waiting')
    offers[0]!()
    offers[0]!()
    expect(workbox.calls).toEqual(['skip-waiting'])
    expect(timers.pending).toHaveLength(1)
  })
})

describe('checkForUpdatesWhenVisible', () => {
  it('checks when the page becomes visible, at most once per interval', () => {
    const workbox = fakeWorkbox()
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
    let now = 1_000
    checkForUpdatesWhenVisible(workbox.wb, page, () => now, 60_000)
    const show = (state: DocumentVisibilityState) => {
      page.visibilityState = state
      page.dispatchEvent(new Event('visibilitychange'))
    }
    show('visible')
    expect(workbox.calls).toEqual([])
    now += 60_000
    show('hidden')
    expect(workbox.calls).toEqual([])
    show('visible')
    expect(workbox.calls).toEqual(['update'])
    now += 30_000
    show('visible')
    expect(workbox.calls).toEqual(['update'])
  })
})

describe('whenNetworkQuiet', () => {
  function fakeClock() {
    let now = 0
    let next = 0
    const timers = new Map<number, { at: number; callback: () => void }>()
    let onResource = () => {}
    let stopped = false
    return {
      deps: {
        observeResources(callback: () => void) {
          onResource = callback
          return () => {
            stopped = true
          }
        },
        setTimeout(callback: () => void, ms: number) {
          timers.set(++next, { at: now + ms, callback })
          return next
        },
        clearTimeout: (handle: unknown) => void timers.delete(handle as number),
      },
      resourceLoaded: () => onResource(),
      /** Moves the clock on by `ms`, firing the timers due on the way. */
      advance(ms: number) {
        const end = now + ms
        for (;;) {
          const due = [...timers].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
          if (!due) break
          timers.delete(due[0])
          now = due[1].at
          due[1].callback()
        }
        now = end
      },
      stopped: () => stopped,
      pending: () => timers.size,
    }
  }

  it('resolves once no resource has finished for the quiet time, then stops observing', async () => {
    const clock = fakeClock()
    let resolved = false
    void whenNetworkQuiet(2000, 15_000, clock.deps).then(() => (resolved = true))
    clock.advance(1500)
    clock.resourceLoaded()
    clock.advance(1500)
    await Promise.resolve()
    expect(resolved).toBe(false)
    clock.advance(500)
    await Promise.resolve()
    expect(resolved).toBe(true)
    expect(clock.stopped()).toBe(true)
    expect(clock.pending()).toBe(0)
  })

  it('resolves at the cap when resources keep finishing', async () => {
    const clock = fakeClock()
    let resolved = false
    void whenNetworkQuiet(2000, 15_000, clock.deps).then(() => (resolved = true))
    for (let t = 0; t < 14_000; t += 1000) {
      clock.advance(1000)
      clock.resourceLoaded()
    }
    await Promise.resolve()
    expect(resolved).toBe(false)
    clock.advance(1000)
    await Promise.resolve()
    expect(resolved).toBe(true)
    expect(clock.pending()).toBe(0)
  })
})
