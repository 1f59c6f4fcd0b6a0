import type HlsType from 'hls.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { attachSource, type SourceFailure } from './hls-source.ts'

const BASE = 'https://app.example/play/longVideo?id=4'
const PLAYLIST = '/hls/4/master.m3u8?pt=tok.en'

type ErrorListener = (event: string, data: { fatal: boolean; type: string }) => void

/** A stand-in for hls.js: keeps its config and error listener, so a test can drive both. */
function fakeHls(supported = true) {
  const instances: FakeHls[] = []
  class FakeHls {
    static isSupported = () => supported
    static Events = { ERROR: 'hlsError' }
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' }
    listener: ErrorListener | null = null
    source: string | null = null
    media: HTMLMediaElement | null = null
    recoverMediaError = vi.fn()
    destroy = vi.fn()
    constructor(readonly config: { startPosition: number; xhrSetup(xhr: XMLHttpRequest, url: string): void }) {
      instances.push(this)
    }
    on(_event: string, listener: ErrorListener) {
      this.listener = listener
    }
    loadSource(url: string) {
      this.source = url
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media
    }
  }
  return { Hls: FakeHls as unknown as typeof HlsType, instances }
}

function fakeXhr() {
  const headers: Record<string, string> = {}
  const xhr = {
    readyState: 0,
    open: vi.fn(() => {
      xhr.readyState = 1
    }),
    setRequestHeader: vi.fn((name: string, value: string) => {
      headers[name] = value
    }),
  }
  return { xhr: xhr as unknown as XMLHttpRequest, headers, open: xhr.open }
}

function hlsVideo() {
  const video = document.createElement('video')
  vi.spyOn(video, 'canPlayType').mockReturnValue('')
  return video
}

afterEach(() => vi.restoreAllMocks())

describe('attachSource with hls.js', () => {
  async function attach(startAt = 0) {
    const { Hls, instances } = fakeHls()
    const failures: SourceFailure[] = []
    const loadHls = vi.fn(async () => Hls)
    const video = hlsVideo()
    const detach = await attachSource(video, PLAYLIST, {
      startAt,
      onFatal: (failure) => failures.push(failure),
      loadHls,
      base: BASE,
    })
    return { hls: instances[0]!, failures, loadHls, video, detach }
  }

  it('loads hls.js only where there is no native HLS, and starts at the resume position', async () => {
    const { hls, loadHls, video, detach } = await attach(95)
    expect(loadHls).toHaveBeenCalledTimes(1)
    expect(hls.source).toBe(PLAYLIST)
    expect(hls.media).toBe(video)
    expect(hls.config.startPosition).toBe(95)
    detach()
    expect(hls.destroy).toHaveBeenCalled()
  })

  it.each([
    ['a key request on the playlist origin', '/api/media/key/4', { 'X-Play-Token': 'tok.en' }],
    [
      'an absolute key URL on that origin',
      'https://app.example/api/media/key/4?pt=tok.en',
      { 'X-Play-Token': 'tok.en' },
    ],
    ['a key on another origin', 'https://other.example/api/media/key/4', {}],
    ['the master playlist', 'https://app.example/hls/4/master.m3u8?pt=tok.en', {}],
    ['a variant playlist', 'https://app.example/hls/4/540p/index.m3u8', {}],
    ['a segment', 'https://app.example/hls/4/540p/seg-00001.ts', {}],
  ])('%s gets %j', async (_name, url, expected) => {
    const { hls } = await attach()
    const { xhr, headers, open } = fakeXhr()
    hls.config.xhrSetup(xhr, url)
    expect(headers).toEqual(expected)
    // hls.js opens the request itself unless a header had to be set first.
    expect(open).toHaveBeenCalledTimes(Object.keys(expected).length === 0 ? 0 : 1)
  })

  it('a fatal network error fails the line once; non-fatal errors are left to hls.js', async () => {
    const { hls, failures } = await attach()
    hls.listener!('hlsError', { fatal: false, type: 'networkError' })
    expect(failures).toEqual([])
    hls.listener!('hlsError', { fatal: true, type: 'networkError' })
    hls.listener!('hlsError', { fatal: true, type: 'networkError' })
    expect(failures).toEqual(['network'])
  })

  it('tries one media recovery before a media failure', async () => {
    const { hls, failures } = await attach()
    hls.listener!('hlsError', { fatal: true, type: 'mediaError' })
    expect(hls.recoverMediaError).toHaveBeenCalledTimes(1)
    expect(failures).toEqual([])
    hls.listener!('hlsError', { fatal: true, type: 'mediaError' })
    expect(failures).toEqual(['media'])
  })

  it('says unsupported where neither native HLS nor Media Source exists', async () => {
    const { Hls } = fakeHls(false)
    const failures: SourceFailure[] = []
    await attachSource(hlsVideo(), PLAYLIST, { startAt: 0, onFatal: (f) => failures.push(f), loadHls: async () => Hls })
    expect(failures).toEqual(['unsupported'])
  })
})

describe('attachSource natively', () => {
  it('sets the playlist as the source without loading hls.js, and a load error is a network failure', async () => {
    const video = document.createElement('video')
    vi.spyOn(video, 'canPlayType').mockReturnValue('maybe')
    const loadHls = vi.fn()
    const failures: SourceFailure[] = []
    const detach = await attachSource(video, PLAYLIST, { startAt: 0, onFatal: (f) => failures.push(f), loadHls })
    expect(video.getAttribute('src')).toBe(PLAYLIST)
    expect(loadHls).not.toHaveBeenCalled()
    video.dispatchEvent(new Event('error'))
    expect(failures).toEqual(['network'])
    detach()
    expect(video.hasAttribute('src')).toBe(false)
  })
})
