import { afterEach, describe, expect, it, vi } from 'vitest'
import { attachHlsSource, keyRequestHeaders, PLAY_TOKEN_HEADER, type HlsConfigLike } from './hls-source.ts'

const base = 'https://app.example/lld/'
const playlist = '/hls/4/master.m3u8?pt=tok.en'

describe('keyRequestHeaders', () => {
  it.each([
    {
      name: 'a key request on the playlist origin',
      url: '/api/media/key/4',
      expected: { [PLAY_TOKEN_HEADER]: 'tok.en' },
    },
    {
      name: 'an absolute key URL on the same origin',
      url: 'https://app.example/api/media/key/4?x=1',
      expected: { [PLAY_TOKEN_HEADER]: 'tok.en' },
    },
    { name: 'a key on another origin', url: 'https://cdn.example/api/media/key/4', expected: {} },
    { name: 'a segment', url: '/hls/4/720/seg-1.ts', expected: {} },
    { name: 'a variant playlist', url: '/hls/4/720/index.m3u8', expected: {} },
  ])('$name', ({ url, expected }) => {
    expect(keyRequestHeaders(url, playlist, base)).toEqual(expected)
  })

  it('adds nothing when the playlist carries no token', () => {
    expect(keyRequestHeaders('/api/media/key/4', '/hls/4/master.m3u8', base)).toEqual({})
  })
})

describe('attachHlsSource', () => {
  afterEach(() => vi.restoreAllMocks())

  it('plays natively where the browser can, without loading hls.js', () => {
    const video = document.createElement('video')
    vi.spyOn(video, 'canPlayType').mockReturnValue('maybe')
    const loadHls = vi.fn()
    const detach = attachHlsSource(video, playlist, { loadHls, base })
    expect(video.getAttribute('src')).toBe(playlist)
    expect(loadHls).not.toHaveBeenCalled()
    detach()
    expect(video.getAttribute('src')).toBeNull()
  })

  it('otherwise loads hls.js, whose key requests carry the play token as a header', async () => {
    const video = document.createElement('video')
    vi.spyOn(video, 'canPlayType').mockReturnValue('')
    let config: HlsConfigLike | null = null
    const destroy = vi.fn()
    const instance = { loadSource: vi.fn(), attachMedia: vi.fn(), on: vi.fn(), destroy }
    const Hls = Object.assign(
      function (this: unknown, given: HlsConfigLike) {
        config = given
        return instance
      } as unknown as { new (config: HlsConfigLike): typeof instance },
      { isSupported: () => true },
    )
    const detach = attachHlsSource(video, playlist, { loadHls: async () => ({ default: Hls }), base })
    await vi.waitFor(() => expect(instance.attachMedia).toHaveBeenCalledWith(video))
    expect(instance.loadSource).toHaveBeenCalledWith(playlist)

    const xhr = { readyState: 0, open: vi.fn(), setRequestHeader: vi.fn() }
    config!.xhrSetup(xhr as unknown as XMLHttpRequest, 'https://app.example/api/media/key/4')
    expect(xhr.open).toHaveBeenCalledWith('GET', 'https://app.example/api/media/key/4', true)
    expect(xhr.setRequestHeader).toHaveBeenCalledWith(PLAY_TOKEN_HEADER, 'tok.en')
    const segment = { readyState: 0, open: vi.fn(), setRequestHeader: vi.fn() }
    config!.xhrSetup(segment as unknown as XMLHttpRequest, 'https://app.example/hls/4/720/seg-1.ts')
    expect(segment.open).not.toHaveBeenCalled()
    expect(segment.setRequestHeader).not.toHaveBeenCalled()

    detach()
    expect(destroy).toHaveBeenCalled()
  })

  it('reports a failure to load hls.js, and nothing once detached', async () => {
    const video = document.createElement('video')
    vi.spyOn(video, 'canPlayType').mockReturnValue('')
    const onError = vi.fn()
    attachHlsSource(video, playlist, { loadHls: () => Promise.reject(new Error('chunk')), onError, base })
    await vi.waitFor(() => expect(onError).toHaveBeenCalledOnce())
    const late = vi.fn()
    attachHlsSource(video, playlist, { loadHls: () => Promise.reject(new Error('chunk')), onError: late, base })()
    await Promise.resolve()
    await Promise.resolve()
    expect(late).not.toHaveBeenCalled()
  })
})
