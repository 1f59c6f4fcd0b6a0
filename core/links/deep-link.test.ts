import { describe, expect, it } from 'vitest'
import { linkTypeRoute, schemeRoute } from './deep-link.ts'
import { parseLink } from './parse-link.ts'

describe('schemeRoute (scheme values)', () => {
  it.each([
    ['read_xty_home', '/'],
    ['read_xty_home?index=1', '/'],
    ['read_xty_home?index=2', '/lld'],
    ['read_xty_video?id=3', '/play/longVideo?id=3'],
    ['read_xty_video', '/notFound'],
    ['read_xty_video?id=', '/notFound'],
    ['read_xty_vip', '/mine/vip'],
    ['read_xty_member_wallet', '/mine/diamondRecharge'],
    ['read_xty_share_invite', '/mine/share'],
    ['read_xty_video_tag?id=4&name=%E5%89%A7%E6%83%85', '/subpage/labelPage?id=4&name=%E5%89%A7%E6%83%85'],
    ['read_xty_video_topic_more?id=1&name=a b', '/topicList?id=1&name=a%20b'],
    ['read_xty_video_topic_more?id=1', '/topicList?id=1'],
    ['read_xty_post_details?id=8', '/community/postDetail?id=8'],
    ['read_xty_user_center?id=12', '/subpage/userInfo?id=12'],
    ['read_xty_member_account', '/mine/credentials'],
    ['read_xty_community_publish', '/community/publish'],
    ['read_xty_up_list', '/subpage/upRank'],
    ['READ_XTY_VIDEO://?id=3', '/play/longVideo?id=3'],
    ['read_xty_video:?id=3', '/play/longVideo?id=3'],
    ['read_xty_video?id=a%26b', '/play/longVideo?id=a%26b'],
    ['read_xty_dating_list?id=1', '/notFound'],
    ['read_xty_', '/notFound'],
    ['read_xty_toString', '/notFound'],
  ])('%s → %s', (text, path) => {
    expect(schemeRoute(parseLink(text))).toBe(path)
  })

  it.each(['/mine/vip', 'https://a.example/read_xty_video?id=1', 'xty_video?id=1', ''])(
    'is undefined for %j',
    (text) => {
      expect(schemeRoute(parseLink(text))).toBeUndefined()
    },
  )
})

describe('linkTypeRoute (link type codes)', () => {
  const params = { id: 5, name: '名' }
  it.each([
    [1, '/play/longVideo?id=5'],
    [2, '/mine/vip'],
    [3, '/mine/diamondRecharge'],
    [4, '/mine/share'],
    [5, '/topicList?id=5&name=%E5%90%8D'],
    [6, '/topicList?id=5&name=%E5%90%8D'],
    [7, '/community/postDetail?id=5'],
    [8, '/subpage/userInfo?id=5'],
    [9, '/mine/credentials'],
    [10, '/community/publish'],
    [11, '/subpage/upRank'],
    ['1', '/play/longVideo?id=5'],
    [' 11 ', '/subpage/upRank'],
    [0, '/notFound'],
    [12, '/notFound'],
    [-1, '/notFound'],
    [1.5, '/notFound'],
    [Number.NaN, '/notFound'],
    ['video', '/notFound'],
    ['', '/notFound'],
    [null, '/notFound'],
    [undefined, '/notFound'],
  ])('%j → %s', (type, path) => {
    expect(linkTypeRoute(type, params)).toBe(path)
  })

  it('sends pages that need an id to /notFound without one', () => {
    expect(linkTypeRoute(1)).toBe('/notFound')
    expect(linkTypeRoute(8, { id: ' ' })).toBe('/notFound')
    expect(linkTypeRoute(1, { id: Number.NaN })).toBe('/notFound')
    expect(linkTypeRoute(2)).toBe('/mine/vip')
  })
})
