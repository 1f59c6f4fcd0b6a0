import { describe, expect, it } from 'vitest'
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
