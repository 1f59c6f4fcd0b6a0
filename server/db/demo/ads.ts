import type { Advertise, FloatingWindow, IconAd } from '../../../core/contracts/config.ts'
import type { Drawing } from '../../modules/images/draw.ts'

/** What the demo's ads link to: rows that exist in the catalogue. */
export interface AdTargets {
  topics: { id: number; name: string }[]
  tags: { id: number; name: string }[]
  /** The video the deep-link ad opens. */
  videoId: number | null
}

export interface DemoAd<T> {
  ad: Omit<T, 'image'>
  drawing: Drawing
}

const topicPath = (topic: { id: number; name: string }) =>
  `/topicList?id=${topic.id}&name=${encodeURIComponent(topic.name)}`

const banner = (i: number): Drawing => ({
  width: 750,
  height: 300,
  hue: (i * 71 + 330) % 360,
  scene: (['waves', 'city', 'mountains', 'dunes', 'bubbles'] as const)[i % 5]!,
  format: 'jpeg',
})

/** Carousel (position 1) and banner (position 2) ads: in-app paths, a deep link, an external link. */
export function demoAdvertise(targets: AdTargets): DemoAd<Advertise>[] {
  const [first, second] = targets.topics
  const ads: Omit<Advertise, 'image'>[] = []
  if (first) ads.push({ id: 1, position: 1, title: first.name, href: topicPath(first), ratio: 2.5 })
  if (targets.videoId !== null) {
    ads.push({ id: 2, position: 1, title: '今日精选', href: `read_xty_video?id=${targets.videoId}`, ratio: 2.5 })
  }
  ads.push({ id: 3, position: 1, title: '了解 Marquee', href: 'https://example.com/marquee', ratio: 2.5 })
  if (second) ads.push({ id: 4, position: 1, title: second.name, href: topicPath(second), ratio: 2.5 })
  ads.push({ id: 5, position: 2, title: '开通会员，畅看全部内容', href: 'read_xty_vip', ratio: 2.5 })
  return ads.map((ad, i) => ({ ad, drawing: banner(i) }))
}

/** Home's icon row (location 1): topics, tags, search and app areas. */
export function demoIconAds(targets: AdTargets): DemoAd<IconAd>[] {
  const items: { title: string; href: string }[] = [
    ...targets.topics.slice(0, 4).map((topic) => ({ title: topic.name, href: topicPath(topic) })),
    ...targets.tags.slice(0, 2).map((tag) => ({
      title: tag.name,
      href: `/subpage/labelPage?id=${tag.id}&name=${encodeURIComponent(tag.name)}`,
    })),
    { title: '搜索', href: '/subpage/search' },
    { title: '短视频', href: 'read_xty_home?index=2' },
    { title: '会员', href: 'read_xty_vip' },
    { title: '充值', href: 'read_xty_member_wallet' },
  ]
  return items.map((item, i) => ({
    ad: { id: 101 + i, ...item, locIds: [1], ratio: 1 },
    drawing: { width: 120, height: 120, hue: (i * 36) % 360, scene: 'bubbles', format: 'png' },
  }))
}

/**
 * The welfare page's apps grid (config statConfigApp.nineList): the app's own areas by SPEC §4's
 * link schemes and paths. The grid shows the whole list, so no location id.
 */
export function demoAppIcons(): DemoAd<IconAd>[] {
  const items: { title: string; href: string }[] = [
    { title: '开通会员', href: 'read_xty_vip' },
    { title: '钻石充值', href: 'read_xty_member_wallet' },
    { title: '邀请好友', href: 'read_xty_share_invite' },
    { title: '积分兑换', href: '/welfare/exchange/' },
    { title: 'UP主榜', href: 'read_xty_up_list' },
    { title: '发布帖子', href: 'read_xty_community_publish' },
    { title: '短视频', href: 'read_xty_home?index=2' },
    { title: '我的等级', href: '/mine/pointLevel' },
  ]
  return items.map((item, i) => ({
    ad: { id: 301 + i, ...item, locIds: [], ratio: 1 },
    drawing: { width: 120, height: 120, hue: (i * 45 + 20) % 360, scene: 'bubbles', format: 'png' },
  }))
}

export function demoFloatingWindow(): DemoAd<FloatingWindow> {
  return {
    ad: { id: 201, title: '邀请好友', href: 'read_xty_share_invite', ratio: 1 },
    drawing: { width: 160, height: 160, hue: 8, scene: 'bubbles', format: 'png' },
  }
}
