import * as v from 'valibot'
import { defineCall, NoData } from './call.ts'
import { AnnouncementSchema, AppConfigSchema } from './config.ts'
import { UploadChunkParamsSchema } from './upload.ts'
import { VideoChunkResultSchema } from './community.ts'

import {
  ActorPageSchema,
  CollectionCardSchema,
  CollectionPageRequestSchema,
  CollectionPageSchema,
  DetailsPageRequestSchema,
  HomeResultSchema,
  HotKeywordsResultSchema,
  IdRequestSchema,
  PageRequestSchema,
  pageOf,
  SearchRequestSchema,
  TagPageSchema,
  TopicPageSchema,
  VideoDetailSchema,
  VideoPageSchema,
} from './media.ts'
import {
  FavouriteDeleteRequestSchema,
  LikeRequestSchema,
  LikeResultSchema,
  MineHistoryPageSchema,
  MineListRequestSchema,
  MineVideoPageSchema,
  PayResultSchema,
  PlayInfoSchema,
  TrackRequestSchema,
} from './play.ts'
import {
  AvatarRequestSchema,
  BindMobileRequestSchema,
  CaptchaRequestSchema,
  CaptchaResultSchema,
  ChangeMobileRequestSchema,
  ChangePasswordRequestSchema,
  CredentialLoginRequestSchema,
  CredentialResultSchema,
  LoginBeforeRequestSchema,
  LoginBeforeResultSchema,
  ModifyInfoRequestSchema,
  PasswordLoginRequestSchema,
  PhoneLoginRequestSchema,
  RegisterRequestSchema,
  RevokeSessionRequestSchema,
  SessionListSchema,
  UploadChunkResultSchema,
} from './account.ts'
import {
  GuestLoginRequestSchema,
  LoginResultSchema,
  OnlineTimeRequestSchema,
  OnlineTimeResultSchema,
  PublicUserInfoSchema,
  UserInfoRequestSchema,
  UserInfoSchema,
} from './session.ts'

/**
 * Every call the server answers, one entry each: its name, whether it needs a session, what it
 * takes and answers, and the server module that answers it (server/modules/<module>/). The app
 * imports the entries it sends; registry.ts lists them all. Names are the wire names, so a few
 * read oddly (`hotSearchs`).
 */

// ping: the app's configuration.
export const pingCheck = defineCall({
  name: 'ping/check',
  method: 'GET',
  secured: false,
  module: 'ping',
  response: NoData,
})
export const pingConfig = defineCall({
  name: 'ping/config',
  method: 'GET',
  secured: false,
  module: 'ping',
  response: AppConfigSchema,
})
export const pingAnnouncement = defineCall({
  name: 'ping/announcement',
  idempotent: true,
  secured: false,
  module: 'ping',
  response: v.nullable(AnnouncementSchema),
})
/** The API lines (the config's API entries) in preference order, for failover (core/lines/api-lines.ts). */
export const customGetEndpoint = defineCall({
  name: 'custom/getEndpoint',
  idempotent: true,
  secured: false,
  module: 'ping',
  response: v.object({ lines: v.array(v.string()) }),
})

// accounts: guests, sessions and users.
/** Answers no data (200) when this address created too many guests lately. */
export const loginGuest = defineCall({
  name: 'login/guest',
  secured: false,
  module: 'accounts',
  request: GuestLoginRequestSchema,
  response: v.nullable(LoginResultSchema),
})
/** Own info (with the caller's token), or another user's public info. */
export const userInfo = defineCall({
  name: 'user/info',
  idempotent: true,
  secured: true,
  module: 'accounts',
  request: UserInfoRequestSchema,
  response: v.union([LoginResultSchema, PublicUserInfoSchema]),
})
export const userLogout = defineCall({ name: 'user/logout', secured: false, module: 'accounts', response: NoData })
/** No data without a session: the time counts for nobody. */
export const userOnlineTime = defineCall({
  name: 'user/online/time',
  secured: false,
  module: 'accounts',
  request: OnlineTimeRequestSchema,
  response: v.nullable(OnlineTimeResultSchema),
})

/**
 * A guest registering becomes the account (same id, everything kept); every session it had ends
 * and the answer carries a fresh token. Signed in as an account already: 7031.
 */
export const loginAccountRegister = defineCall({
  name: 'login/account/register',
  secured: false,
  module: 'accounts',
  request: RegisterRequestSchema,
  response: LoginResultSchema,
})
/** A wrong account and a wrong password answer alike (7021); the caller's guest session ends. */
export const loginAccountLogin = defineCall({
  name: 'login/account/login',
  secured: false,
  module: 'accounts',
  request: PasswordLoginRequestSchema,
  response: LoginResultSchema,
})
/** Whether an account last signed in on this device (auto-login opens /mine/login). */
export const loginBefore = defineCall({
  name: 'login/before',
  idempotent: true,
  secured: false,
  module: 'accounts',
  request: LoginBeforeRequestSchema,
  response: LoginBeforeResultSchema,
})
/** Sends a 6-digit code through the SMS gateway. */
export const loginCaptcha = defineCall({
  name: 'login/captcha',
  secured: false,
  module: 'accounts',
  request: CaptchaRequestSchema,
  response: CaptchaResultSchema,
})
/** Logs in by a code, creating the account on a number's first use (a guest becomes it). */
export const loginPhone = defineCall({
  name: 'login/phone',
  secured: true,
  module: 'accounts',
  request: PhoneLoginRequestSchema,
  response: LoginResultSchema,
})
/** Binds a number to the caller (1000 without a session); a guest becomes an account, with a fresh token. */
export const loginBindMobile = defineCall({
  name: 'login/bindMobile',
  secured: false,
  module: 'accounts',
  request: BindMobileRequestSchema,
  response: LoginResultSchema,
})
/** Logs in with a credential typed or pasted by hand. */
export const loginOfficial = defineCall({
  name: 'login/official',
  secured: false,
  module: 'accounts',
  request: CredentialLoginRequestSchema,
  response: LoginResultSchema,
})
/** Logs in with a scanned credential QR card. */
export const userQrcodeInfo = defineCall({
  name: 'user/qrcode/info',
  secured: false,
  module: 'accounts',
  request: CredentialLoginRequestSchema,
  response: LoginResultSchema,
})
/** A new credential for the QR card; the previous one stops working at once. */
export const userQrcode = defineCall({
  name: 'user/qrcode',
  secured: true,
  module: 'accounts',
  response: CredentialResultSchema,
})
/** Ends every other session of the account. */
export const userChangePassword = defineCall({
  name: 'user/changePassword',
  secured: true,
  module: 'accounts',
  request: ChangePasswordRequestSchema,
  response: NoData,
})
export const userChangeMobile = defineCall({
  name: 'user/changeMobile',
  secured: true,
  module: 'accounts',
  request: ChangeMobileRequestSchema,
  response: UserInfoSchema,
})
export const userInfoModify = defineCall({
  name: 'user/info/modify',
  secured: true,
  module: 'accounts',
  request: ModifyInfoRequestSchema,
  response: UserInfoSchema,
})
/** Sets the avatar to an image the caller uploaded through upload/img. */
export const userAvatar = defineCall({
  name: 'user/avatar',
  secured: true,
  module: 'accounts',
  request: AvatarRequestSchema,
  response: UserInfoSchema,
})
export const userSessions = defineCall({
  name: 'user/sessions',
  idempotent: true,
  secured: true,
  module: 'accounts',
  response: SessionListSchema,
})
export const userSessionsRevoke = defineCall({
  name: 'user/sessions/revoke',
  secured: true,
  module: 'accounts',
  request: RevokeSessionRequestSchema,
  response: NoData,
})

// uploads: chunked image uploads (simple-uploader's protocol), multipart.
export const uploadImg = defineCall({
  name: 'upload/img',
  transport: 'multipart',
  secured: true,
  module: 'uploads',
  request: UploadChunkParamsSchema,
  response: UploadChunkResultSchema,
})
/** The same as upload/img for a caller without a session (feedback); capped per address. */
export const uploadImages = defineCall({
  name: 'upload/images',
  transport: 'multipart',
  secured: false,
  module: 'uploads',
  request: UploadChunkParamsSchema,
  response: UploadChunkResultSchema,
})

/** Our addition: a post's video in chunks, like upload/img; the last chunk answers the probed upload. */
export const uploadVideo = defineCall({
  name: 'upload/video',
  transport: 'multipart',
  secured: true,
  module: 'uploads',
  request: UploadChunkParamsSchema,
  response: VideoChunkResultSchema,
})

// catalogue: videos, topics, tags, actors, collections.
export const mediaHome = defineCall({
  name: 'media/home',
  idempotent: true,
  secured: true,
  module: 'catalogue',
  response: HomeResultSchema,
})
export const mediaRecommend = defineCall({
  name: 'media/recommend',
  idempotent: true,
  secured: true,
  module: 'catalogue',
  request: PageRequestSchema,
  response: VideoPageSchema,
})
export const mediaShortRecommend = defineCall({
  name: 'media/short/recommend',
  idempotent: true,
  secured: true,
  module: 'catalogue',
  request: PageRequestSchema,
  response: VideoPageSchema,
})
export const mediaPublished = defineCall({
  name: 'media/published',
  idempotent: true,
  secured: true,
  module: 'catalogue',
  request: PageRequestSchema,
  response: VideoPageSchema,
})
export const mediaTagDetails = defineCall({
  name: 'media/tag/details',
  idempotent: true,
  secured: true,
  module: 'catalogue',
  request: DetailsPageRequestSchema,
  response: TagPageSchema,
})
export const mediaTopicDetails = defineCall({
  name: 'media/topic/details',
  idempotent: true,
  secured: true,
  module: 'catalogue',
  request: DetailsPageRequestSchema,
  response: TopicPageSchema,
})
export const mediaActorDetails = defineCall({
  name: 'media/actor/details',
  idempotent: true,
  secured: true,
  module: 'catalogue',
  request: DetailsPageRequestSchema,
  response: ActorPageSchema,
})
export const mediaCollectHome = defineCall({
  name: 'media/collect/home',
  idempotent: true,
  secured: true,
  module: 'catalogue',
  request: PageRequestSchema,
  response: pageOf(CollectionCardSchema),
})
/** A page of a collection's episodes, with the caller's unlock state. */
export const mediaCollectDetails = defineCall({
  name: 'media/collect/details',
  idempotent: true,
  secured: true,
  module: 'catalogue',
  request: CollectionPageRequestSchema,
  response: CollectionPageSchema,
})
export const contentInfo = defineCall({
  name: 'content/info',
  idempotent: true,
  secured: false,
  module: 'catalogue',
  request: IdRequestSchema,
  response: VideoDetailSchema,
})

// search
export const mediaHotSearchsList = defineCall({
  name: 'media/hotSearchs/list',
  idempotent: true,
  secured: true,
  module: 'search',
  response: HotKeywordsResultSchema,
})
/** The most played videos. */
export const searchHot = defineCall({
  name: 'search/hot',
  idempotent: true,
  secured: true,
  module: 'search',
  request: PageRequestSchema,
  response: VideoPageSchema,
})
export const searchDetails = defineCall({
  name: 'search/details',
  idempotent: true,
  secured: true,
  module: 'search',
  request: SearchRequestSchema,
  response: VideoPageSchema,
})

// ads
export const advertiseClick = defineCall({
  name: 'advertise/click',
  secured: true,
  module: 'ads',
  request: IdRequestSchema,
  response: NoData,
})

// wallet: diamonds and purchases.
export const mediaPay = defineCall({
  name: 'media/pay',
  secured: true,
  module: 'wallet',
  request: IdRequestSchema,
  response: PayResultSchema,
})
export const mediaCollectPay = defineCall({
  name: 'media/collect/pay',
  secured: true,
  module: 'wallet',
  request: IdRequestSchema,
  response: PayResultSchema,
})

// watching: playing, likes, favourites, history and Mine's lists.
export const mediaPlay = defineCall({
  name: 'media/play',
  idempotent: true,
  secured: true,
  module: 'watching',
  request: IdRequestSchema,
  response: PlayInfoSchema,
})
export const mediaLike = defineCall({
  name: 'media/like',
  secured: true,
  module: 'watching',
  request: LikeRequestSchema,
  response: LikeResultSchema,
})
export const mediaTrackList = defineCall({
  name: 'media/trackList',
  secured: true,
  module: 'watching',
  request: TrackRequestSchema,
  response: NoData,
})
/** A favourite belongs to a user, so the favourite calls need a session. */
export const collectOperate = defineCall({
  name: 'collect/operate',
  secured: true,
  module: 'watching',
  request: IdRequestSchema,
  response: NoData,
})
export const collectDelete = defineCall({
  name: 'collect/delete',
  secured: true,
  module: 'watching',
  request: FavouriteDeleteRequestSchema,
  response: NoData,
})
export const mediaBought = defineCall({
  name: 'media/bought',
  idempotent: true,
  secured: true,
  module: 'watching',
  request: MineListRequestSchema,
  response: MineVideoPageSchema,
})
export const collectList = defineCall({
  name: 'collect/list',
  idempotent: true,
  secured: true,
  module: 'watching',
  request: MineListRequestSchema,
  response: MineVideoPageSchema,
})
export const mediaHistory = defineCall({
  name: 'media/history',
  idempotent: true,
  secured: true,
  module: 'watching',
  request: MineListRequestSchema,
  response: MineHistoryPageSchema,
})
