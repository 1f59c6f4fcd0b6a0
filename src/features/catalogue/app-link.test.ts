import { describe, expect, it } from 'vitest'
import { linkTypeRoute } from '../../../core/links/deep-link.ts'
import { resolveLink } from '../../../core/links/resolve-link.ts'
import { appLinkTarget } from './app-link.tsx'

describe('appLinkTarget', () => {
  it('splits an app path into the route path, the parsed query and the hash', () => {
    expect(appLinkTarget('/play/longVideo?id=3')).toEqual({ to: '/play/longVideo', search: { id: 3 } })
    expect(appLinkTarget('/topicList?id=2&name=%E7%83%AD%E9%97%A8')).toEqual({
      to: '/topicList',
      search: { id: 2, name: '热门' },
    })
    expect(appLinkTarget('/mine/')).toEqual({ to: '/mine/', search: {} })
    expect(appLinkTarget('/a?x=1#top')).toEqual({ to: '/a', search: { x: 1 }, hash: 'top' })
  })
})

describe('community deep links', () => {
  it.each([
    ['read_xty_post_details?id=8', { to: '/community/postDetail', search: { id: 8 } }],
    ['read_xty_user_center?id=12', { to: '/subpage/userInfo', search: { id: 12 } }],
    ['read_xty_community_publish', { to: '/community/publish', search: {} }],
    ['read_xty_up_list', { to: '/subpage/upRank', search: {} }],
  ])('%s lands on its page with the id the route reads', (link, target) => {
    const resolved = resolveLink(link)
    expect(resolved.kind).toBe('internal')
    expect(appLinkTarget((resolved as { path: string }).path)).toEqual(target)
  })

  it.each([
    [7, { to: '/community/postDetail', search: { id: 5 } }],
    [8, { to: '/subpage/userInfo', search: { id: 5 } }],
    [10, { to: '/community/publish', search: {} }],
    [11, { to: '/subpage/upRank', search: {} }],
  ])('link type %i lands on its page', (type, target) => {
    expect(appLinkTarget(linkTypeRoute(type, { id: 5 }))).toEqual(target)
  })
})
