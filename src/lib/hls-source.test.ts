import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  attachHlsSource,
  keyRequestHeaders,
  PLAY_TOKEN_HEADER,
  type HlsClass,
  type HlsConfigLike,
  type LoadHls,
  type SourceFailure,
} from './hls-source.ts'

const base = 'https://app.example/play/longVideo?id=4'
const playlist = '/hls/4/master.m3u8?pt=tok.en'

afterEach(() => vi.restoreAllMocks())

describe('keyRequestHeaders', () => {
  it.each([
    {
      name: 'a key request on the playlist origin',
      url: '/api/media/key/4',
      expected: { [PLAY_TOKEN_HEADER]: 'tok.en' },
    },
    {
      name: 'an absolute key URL on the same origin',
      url: 'https://app.example/api/media/key/4?pt=tok.en',
      expected: { [PLAY_TOKEN_HEADER]: 'tok.en' },
    },
    { name: 'a key on another origin', url: 'https://cdn.example/api/media/key/4', expected: {} },
    { name: 'the master playlist', url: 'https://app.example/hls/4/master.m3u8?pt=tok.en', expected: {} },
    { name: 'a variant playlist', url: '/hls/4/720/index.m3u8', expected: {} },
    { name: 'a segment', url: '/hls/4/720/seg-1.ts', expected: {} },
  ])('$name', ({ url, expected }) => {
    expect(keyRequestHeaders(url, playlist, base)).toEqual(expected)
  })

  it('adds nothing when the playlist carries no token', () => {
    expect(keyRequestHeaders('/api/media/key/4', '/hls/4/master.m3u8', base)).toEqual({})
  })
})

type ErrorListener = (event: string, data: { fatal: boolean; type: string }) => void

/** A stand-in for hls.js: keeps its config and error listener, so a test can drive both. */
function fakeHls(supported = true) {
  const instances: FakeHls[] = []
  class FakeHls {
    static isSupported = () => supported
    listener: ErrorListener | null = null
    source: string | null = null
    media: HTMLMediaElement | null = null
    recoverMediaError = vi.fn()
    destroy = vi.fn()
    constructor(readonly config: HlsConfigLike) {
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
  const Hls: HlsClass = FakeHls
  return { Hls, instances }
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

function videoWith(canPlayHls: '' | 'maybe') {
  const video = document.createElement('video')
  vi.spyOn(video, 'canPlayType').mockReturnValue(canPlayHls)
  return video
}

describe('attachHlsSource with hls.js', () => {
  async function attach(startAt?: number) {
    const { Hls, instances } = fakeHls()
    const failures: SourceFailure[] = []
    const loadHls = vi.fn<LoadHls>(async () => ({ default: Hls }))
    const onAttached = vi.fn()
    const video = videoWith('')
    const detach = attachHlsSource(video, playlist, {
      ...(startAt === undefined ? {} : { startAt }),
      onFatal: (failure) => failures.push(failure),
      onAttached,
      loadHls,
      base,
    })
    await vi.waitFor(() => expect(onAttached).toHaveBeenCalledOnce())
    return { hls: instances[0]!, failures, loadHls, video, detach }
  }

  it('loads hls.js where there is no native HLS, starts at the resume position, and destroys it on detach', async () => {
    const { hls, loadHls, video, detach } = await attach(95)
    expect(loadHls).toHaveBeenCalledTimes(1)
    expect(hls.source).toBe(playlist)
    expect(hls.media).toBe(video)
    expect(hls.config.startPosition).toBe(95)
    detach()
    expect(hls.destroy).toHaveBeenCalled()
  })

  it('leaves the start to hls.js without a resume position', async () => {
    const { hls } = await attach()
    expect(hls.config.startPosition).toBe(-1)
  })

  it.each([
    ['a key request on the playlist origin', '/api/media/key/4', { [PLAY_TOKEN_HEADER]: 'tok.en' }],
    ['an absolute key URL on that origin', 'https://app.example/api/media/key/4', { [PLAY_TOKEN_HEADER]: 'tok.en' }],
    ['a key on another origin', 'https://other.example/api/media/key/4', {}],
    ['a variant playlist', 'https://app.example/hls/4/540p/index.m3u8', {}],
    ['a segment', 'https://app.example/hls/4/540p/seg-00001.ts', {}],
  ])('%s gets %j', async (_name, url, expected) => {
    const { hls } = await attach()
    const { xhr, headers, open } = fakeXhr()
    hls.config.xhrSetup(xhr, url)
    expect(headers).toEqual(expected)
    // hls.js opens the request itself unless a header had to be set first.
    if (Object.keys(expected).length === 0) expect(open).not.toHaveBeenCalled()
    else expect(open).toHaveBeenCalledWith('GET', url, true)
  })

  it('a fatal network error fails the source once; non-fatal errors are left to hls.js', async () => {
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
    const { Hls, instances } = fakeHls(false)
    const onFatal = vi.fn()
    attachHlsSource(videoWith(''), playlist, { onFatal, loadHls: async () => ({ default: Hls }), base })
    await vi.waitFor(() => expect(onFatal).toHaveBeenCalledWith('unsupported'))
    expect(instances).toEqual([])
  })

  it('says unsupported when hls.js fails to load, and nothing once detached', async () => {
    const onFatal = vi.fn()
    const failing = () => Promise.reject(new Error('chunk'))
    attachHlsSource(videoWith(''), playlist, { onFatal, loadHls: failing, base })
    await vi.waitFor(() => expect(onFatal).toHaveBeenCalledWith('unsupported'))

    const late = vi.fn()
    const onAttached = vi.fn()
    const { Hls, instances } = fakeHls()
    attachHlsSource(videoWith(''), playlist, { onFatal: late, loadHls: failing, base })()
    attachHlsSource(videoWith(''), playlist, {
      onFatal: late,
      onAttached,
      loadHls: async () => ({ default: Hls }),
      base,
    })()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(late).not.toHaveBeenCalled()
    expect(onAttached).not.toHaveBeenCalled()
    expect(instances).toEqual([])
  })
})

describe('attachHlsSource natively', () => {
  it('sets the playlist as the source without loading hls.js; detach removes it', () => {
    const video = videoWith('maybe')
    const loadHls = vi.fn<LoadHls>()
    const onAttached = vi.fn()
    const detach = attachHlsSource(video, playlist, { onFatal: vi.fn(), onAttached, loadHls, base })
    expect(video.getAttribute('src')).toBe(playlist)
    expect(loadHls).not.toHaveBeenCalled()
    expect(onAttached).toHaveBeenCalledOnce()
    detach()
    expect(video.hasAttribute('src')).toBe(false)
  })

  it('a load error is a network failure, a decode error a media one, each reported once and never after detach', () => {
    const failures: SourceFailure[] = []
    const video = videoWith('maybe')
    attachHlsSource(video, playlist, { onFatal: (failure) => failures.push(failure), base })
    video.dispatchEvent(new Event('error'))
    video.dispatchEvent(new Event('error'))
    expect(failures).toEqual(['network'])

    const decoding = videoWith('maybe')
    Object.defineProperty(decoding, 'error', { value: { code: 3 } })
    const detach = attachHlsSource(decoding, playlist, { onFatal: (failure) => failures.push(failure), base })
    decoding.dispatchEvent(new Event('error'))
    expect(failures).toEqual(['network', 'media'])

    const detached = videoWith('maybe')
    attachHlsSource(detached, playlist, { onFatal: (failure) => failures.push(failure), base })()
    detached.dispatchEvent(new Event('error'))
    detach()
    expect(failures).toEqual(['network', 'media'])
  })

  it('seeks to the resume position once the metadata is there, unless it is at the very end', () => {
    const video = videoWith('maybe')
    Object.defineProperty(video, 'duration', { value: 120 })
    attachHlsSource(video, playlist, { startAt: 95, onFatal: vi.fn(), base })
    video.dispatchEvent(new Event('loadedmetadata'))
    expect(video.currentTime).toBe(95)

    const ending = videoWith('maybe')
    Object.defineProperty(ending, 'duration', { value: 95.5 })
    attachHlsSource(ending, playlist, { startAt: 95, onFatal: vi.fn(), base })
    ending.dispatchEvent(new Event('loadedmetadata'))
    expect(ending.currentTime).toBe(0)
  })
})
