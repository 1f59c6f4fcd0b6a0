import { NOT_FOUND_PATH, appPath, hasId } from './app-path.ts'
import type { LinkQuery, ParsedLink } from './parse-link.ts'

/** Deep-link scheme values, written as the link's urlParent: `read_xty_video?id=3`. */
const DeepLinkScheme = {
  Home: 'read_xty_home',
  Video: 'read_xty_video',
  Vip: 'read_xty_vip',
  MemberWallet: 'read_xty_member_wallet',
  ShareInvite: 'read_xty_share_invite',
  VideoTag: 'read_xty_video_tag',
  VideoTopicMore: 'read_xty_video_topic_more',
  PostDetails: 'read_xty_post_details',
  UserCenter: 'read_xty_user_center',
  MemberAccount: 'read_xty_member_account',
  CommunityPublish: 'read_xty_community_publish',
  UpList: 'read_xty_up_list',
} as const
type DeepLinkScheme = (typeof DeepLinkScheme)[keyof typeof DeepLinkScheme]

type Params = { id?: string | number | null; name?: string | null }

/** A page that needs `?id=` goes to /notFound without one (its route would reject the URL). */
const withId = (path: string, params: Params, extra: { name?: string | null } = {}) =>
  hasId(params.id) ? appPath(path, { id: params.id, ...extra }) : NOT_FOUND_PATH

const videoPath = (p: Params) => withId('/play/longVideo', p)
const vipPath = () => '/mine/vip' // our choice: the scheme names no path; the Mine vip page
const walletPath = () => '/mine/diamondRecharge'
const sharePath = () => '/mine/share' // our choice: the Mine share page
const tagPath = (p: Params) => withId('/subpage/labelPage', p, { name: p.name }) // our choice: the label page
const topicPath = (p: Params) => withId('/topicList', p, { name: p.name })
const postPath = (p: Params) => withId('/community/postDetail', p) // our choice: the community post page
const userPath = (p: Params) => withId('/subpage/userInfo', p)
const credentialsPath = () => '/mine/credentials'
const publishPath = () => '/community/publish' // our choice: the community publish page
const upRankPath = () => '/subpage/upRank'

const SCHEME_ROUTES: Record<DeepLinkScheme, (query: LinkQuery) => string> = {
  [DeepLinkScheme.Home]: (q) => (q.index?.trim() === '2' ? '/lld' : '/'),
  [DeepLinkScheme.Video]: videoPath,
  [DeepLinkScheme.Vip]: vipPath,
  [DeepLinkScheme.MemberWallet]: walletPath,
  [DeepLinkScheme.ShareInvite]: sharePath,
  [DeepLinkScheme.VideoTag]: tagPath,
  [DeepLinkScheme.VideoTopicMore]: topicPath,
  [DeepLinkScheme.PostDetails]: postPath,
  [DeepLinkScheme.UserCenter]: userPath,
  [DeepLinkScheme.MemberAccount]: credentialsPath,
  [DeepLinkScheme.CommunityPublish]: publishPath,
  [DeepLinkScheme.UpList]: upRankPath,
}

const SCHEME_PREFIX = 'read_xty_'

/**
 * The app path of a deep-link scheme link, or undefined when the link is not one.
 * `read_xty_video`, `read_xty_video:` and `read_xty_video://` are read alike, case-insensitively.
 * A `read_xty_*` value that is not in DeepLinkScheme (e.g. one naming an out-of-scope page)
 * resolves to /notFound.
 */
export function schemeRoute(link: ParsedLink): string | undefined {
  const scheme = link.urlParent.replace(/[:/]+$/, '').toLowerCase()
  if (!scheme.startsWith(SCHEME_PREFIX)) return undefined
  const route = Object.hasOwn(SCHEME_ROUTES, scheme) ? SCHEME_ROUTES[scheme as DeepLinkScheme] : undefined
  return route ? route(link.query) : NOT_FOUND_PATH
}

/** Link type codes. */
const LinkType = {
  Video: 1,
  Vip: 2,
  DiamondRecharge: 3,
  Share: 4,
  TopicList: 5,
  TopicListAlt: 6,
  PostDetail: 7,
  UserCenter: 8,
  Credentials: 9,
  Publish: 10,
  UpRank: 11,
} as const
type LinkType = (typeof LinkType)[keyof typeof LinkType]

const LINK_TYPE_ROUTES: Record<LinkType, (params: Params) => string> = {
  [LinkType.Video]: videoPath,
  [LinkType.Vip]: vipPath,
  [LinkType.DiamondRecharge]: walletPath,
  [LinkType.Share]: sharePath,
  // Both 5 and 6 open the topic list.
  [LinkType.TopicList]: topicPath,
  [LinkType.TopicListAlt]: topicPath,
  [LinkType.PostDetail]: postPath,
  [LinkType.UserCenter]: userPath,
  [LinkType.Credentials]: credentialsPath,
  [LinkType.Publish]: publishPath,
  [LinkType.UpRank]: upRankPath,
}

/**
 * The app path for a link type code (a number or a numeric string) and its id/name.
 * Unknown codes, and pages that need an id given none, go to /notFound.
 */
export function linkTypeRoute(type: number | string | null | undefined, params: Params = {}): string {
  const code = typeof type === 'string' && /^\s*\d+\s*$/.test(type) ? Number(type) : type
  const route = typeof code === 'number' ? LINK_TYPE_ROUTES[code as LinkType] : undefined
  return route ? route(params) : NOT_FOUND_PATH
}
