import { describe, expect, it } from 'vitest'
import { DomainType, domainUrl, type AppConfig } from '../../core/contracts/config.ts'
import type { PageToWorkerMessage } from '../../core/sw-messages.ts'
import { postImageOrigins, syncImageOrigins } from './sw-bridge.ts'

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
