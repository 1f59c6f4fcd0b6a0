import { t } from '../../lib/messages.ts'
import type { FooterNavItem } from '../../ui/footer-nav.tsx'
import { CommunityIcon, HomeIcon, MineIcon, ShortsIcon, WelfareIcon } from '../../ui/icons.tsx'

/** The 我的 tab, which carries the unread messages' badge. */
export const MINE_TAB_PATH = '/mine/'

export const FOOTER_TABS: readonly FooterNavItem[] = [
  { path: '/', label: t.tabs.home, icon: <HomeIcon />, activeIcon: <HomeIcon filled /> },
  { path: '/lld/', label: t.tabs.shorts, icon: <ShortsIcon />, activeIcon: <ShortsIcon filled /> },
  { path: '/community', label: t.tabs.community, icon: <CommunityIcon />, activeIcon: <CommunityIcon filled /> },
  { path: '/welfare/', label: t.tabs.welfare, icon: <WelfareIcon />, activeIcon: <WelfareIcon filled /> },
  { path: MINE_TAB_PATH, label: t.tabs.mine, icon: <MineIcon />, activeIcon: <MineIcon filled /> },
]

/** Route ids of the footer tabs, for the active state. */
const TAB_BY_ROUTE_ID: Record<string, string> = {
  '/': '/',
  '/lld/': '/lld/',
  '/community/': '/community',
  '/welfare/': '/welfare/',
  '/mine/': '/mine/',
}

export function footerTabFor(routeId: string | undefined): string | null {
  return (routeId && TAB_BY_ROUTE_ID[routeId]) ?? null
}

/** Pages kept alive with their state and scroll when left, by route id. */
export const KEEP_ALIVE_ROUTE_IDS: ReadonlySet<string> = new Set([
  '/',
  '/lld/',
  '/subpage/search',
  '/community/',
  '/mine/',
  '/welfare/',
  '/topicList',
  '/subpage/result',
])

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}

const KEEP_ALIVE_PATHS = new Set([...KEEP_ALIVE_ROUTE_IDS].map(trimSlash))

/**
 * Scroll-restoration key: kept-alive pages by their path and query, so coming back to a
 * tab from the tab bar restores where it was; every other entry by its history key, so
 * a new navigation starts at the top and back/forward restores.
 */
export function scrollKeyFor(location: { pathname: string; searchStr: string; state: { __TSR_key?: string } }) {
  const path = trimSlash(location.pathname)
  if (KEEP_ALIVE_PATHS.has(path)) return `keep:${path}${location.searchStr}`
  return location.state.__TSR_key ?? `${path}${location.searchStr}`
}
