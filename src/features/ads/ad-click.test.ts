import { describe, expect, it, vi } from 'vitest'
import { adHref, openAd, openInNativeShell, type AdClickDeps } from './ad-click.ts'

function deps(patch: Partial<AdClickDeps> = {}) {
  return {
    recordClick: vi.fn(() => Promise.resolve()),
    navigate: vi.fn(),
    openWindow: vi.fn(),
    openNative: vi.fn(() => true),
    isAppStore: false,
    link: { appOrigins: ['https://app.example'], token: 'tok', operatorHosts: ['land.example'] },
    ...patch,
  } satisfies AdClickDeps
}

describe('openAd', () => {
  it('records the click and navigates in the app to a scheme link or app path', () => {
    const d = deps()
    expect(openAd({ id: 7, href: 'read_xty_video?id=3' }, d)).toEqual({
      kind: 'internal',
      path: '/play/longVideo?id=3',
    })
    expect(d.recordClick).toHaveBeenCalledWith(7)
    expect(d.navigate).toHaveBeenCalledWith('/play/longVideo?id=3')
    openAd({ id: 8, url: '/topicList?id=2&name=x' }, d)
    expect(d.navigate).toHaveBeenLastCalledWith('/topicList?id=2&name=x')
    openAd({ id: 9, link: 'https://app.example/mine/vip' }, d)
    expect(d.navigate).toHaveBeenLastCalledWith('/mine/vip')
    expect(d.openWindow).not.toHaveBeenCalled()
  })

  it('takes the first present target field, in the order href, url, link, jumpLink, jumpUrl, download_url', () => {
    const d = deps()
    openAd({ id: 1, href: ' ', url: undefined, jumpUrl: '/welfare/', download_url: 'https://x.example' }, d)
    expect(d.navigate).toHaveBeenCalledWith('/welfare/')
  })

  it('opens web links in a new window, with the token only on operator hosts', () => {
    const d = deps()
    openAd({ id: 1, href: 'https://land.example/p?token=' }, d)
    expect(d.openWindow).toHaveBeenLastCalledWith('https://land.example/p?token=tok')
    openAd({ id: 2, href: 'https://other.example/p?token=' }, d)
    expect(d.openWindow).toHaveBeenLastCalledWith('https://other.example/p?token=')
    expect(d.navigate).not.toHaveBeenCalled()
  })

  it('hands web links to the native bridge with the app-store flag, falling back to a window without one', () => {
    const d = deps({ isAppStore: true })
    openAd({ id: 1, href: 'https://other.example/' }, d)
    expect(d.openNative).toHaveBeenCalledWith('https://other.example/')
    expect(d.openWindow).not.toHaveBeenCalled()
    const noBridge = deps({ isAppStore: true, openNative: vi.fn(() => false) })
    openAd({ id: 1, href: 'https://other.example/' }, noBridge)
    expect(noBridge.openWindow).toHaveBeenCalledWith('https://other.example/')
  })

  it('does nothing but count for an ad without a usable target, and never counts without an id', () => {
    const d = deps({ recordClick: vi.fn(() => Promise.reject(new Error('offline'))) })
    expect(openAd({ id: 3, href: 'javascript:alert(1)' }, d)).toEqual({ kind: 'none' })
    expect(openAd({ id: 4 }, d)).toEqual({ kind: 'none' })
    expect(d.recordClick).toHaveBeenCalledTimes(2)
    openAd({ href: '/mine/' }, d)
    openAd({ id: 0, href: '/mine/' }, d)
    expect(d.recordClick).toHaveBeenCalledTimes(2)
    expect(d.navigate).toHaveBeenCalledTimes(2)
    expect(d.openWindow).not.toHaveBeenCalled()
  })
})

describe('adHref', () => {
  it('is the app path or the external URL without the session token, or undefined', () => {
    const link = { token: 't', operatorHosts: ['land.example'] }
    expect(adHref({ href: 'read_xty_up_list' }, link)).toBe('/subpage/upRank')
    expect(adHref({ href: 'https://land.example/?token=' }, link)).toBe('https://land.example/?token=')
    expect(adHref({ href: 'data:text/html,x' }, link)).toBeUndefined()
  })
})

describe('openInNativeShell', () => {
  it('posts to the webkit openUrl handler when there is one', () => {
    const postMessage = vi.fn()
    expect(openInNativeShell('https://x.example', { webkit: { messageHandlers: { openUrl: { postMessage } } } })).toBe(
      true,
    )
    expect(postMessage).toHaveBeenCalledWith({ url: 'https://x.example' })
    expect(openInNativeShell('https://x.example', {})).toBe(false)
  })
})
