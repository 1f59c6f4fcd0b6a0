/** Result codes of the `{code, data, tip, msg}` body (docs/protocol.md). */
export const ResultCode = {
  Ok: 200,
  SessionInvalid: 1000,
  ValidationError: 4000,
  BadSignature: 4003,
  ClockSkew: 4004,
  ReplayedNonce: 4005,
  RateLimited: 4290,
  ServerError: 5000,
  GuestCreationRefused: 6004,
  GuestCreationRefusedAlt: 6015,
} as const
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode]

/**
 * The business-code catalogue: every non-protocol code a handler may answer with, and
 * the message the app shows for it. New features add their codes here, never inline.
 */
export const BusinessCode = {
  GuestCreationRefused: 6004,
  GuestCreationRefusedAlt: 6015,
  InsufficientBalance: 7001,
  AlreadyBought: 7002,
  /** media/pay or media/collect/pay of something free or not sold. */
  NotForSale: 7003,
  NotFound: 7004,
  CodeExpired: 7010,
  CodeUsed: 7011,
  /** redeemcode/use: no such code (wrong tries are rate limited per account and address). */
  CodeWrong: 7012,
  /** redeemcode/use: a multi-use code with every use taken. */
  CodeUsedUp: 7013,
  /** Accounts (server/modules/accounts). */
  AccountTaken: 7020,
  /** A wrong account and a wrong password answer alike. */
  LoginFailed: 7021,
  MobileTaken: 7022,
  SmsCodeWrong: 7023,
  SmsCodeExpired: 7024,
  SmsTooFrequent: 7025,
  CredentialInvalid: 7026,
  WrongOldPassword: 7027,
  /** A guest (or a phone-only account) has no password to change. */
  NoPassword: 7028,
  /** user/changeMobile or a `changeOld` code for a number that is not the bound one. */
  NotBoundMobile: 7029,
  /** user/avatar with an image the caller did not upload. */
  ImageNotYours: 7030,
  /** The caller is already an account (register, or phone login of another number while signed in). */
  AlreadyAccount: 7031,
  /** login/bindMobile (or its code) for a user who has a number: changing it is user/changeMobile. */
  MobileAlreadyBound: 7032,
  /** recharge/submit of a package or card that does not exist or is no longer sold. */
  ItemUnavailable: 7040,
  /** recharge/submit with a pay type the payment provider does not offer. */
  PayTypeUnavailable: 7041,
  /** recharge/status of an unknown order, or of another user's. */
  OrderNotFound: 7042,
  /** Community (server/modules/community): a banned user may read but not publish, comment or upload. */
  Banned: 7050,
  /** post/publish with a video upload that is not the caller's, failed, or already on a post. */
  VideoUnusable: 7051,
  /** post/publish past the daily cap. */
  PublishLimit: 7052,
  /** upblogers/cares or user/block of oneself. */
  NotYourself: 7053,
  /** comment/add on the caller's own post while it is not published (pending, rejected). */
  PostUnavailable: 7054,
  /** comment/add on a priced post the caller has not bought (nor wrote). */
  PostLocked: 7055,
  /** redeem/exchange with fewer points than the item costs. */
  PointsShort: 7060,
  /** redeem/exchange of an item with no stock left. */
  OutOfStock: 7061,
  /** usertask/get of a task not finished in this period. */
  TaskNotFinished: 7062,
  /** usertask/get of a task already claimed in this period. */
  TaskClaimed: 7063,
  /** user/redeem (or a link's affCode): no user has this invite code. */
  InviteCodeWrong: 7064,
  /** user/redeem when the caller has an inviter already. */
  InviterBound: 7065,
  /** user/redeem of one's own code, or of a code whose user signed in on this device. */
  SelfInvite: 7066,
  /** user/redeem past the caps per inviter and per address a day. */
  InviteLimit: 7067,
  /** feedback/add past the daily cap per user (Asia/Shanghai days). */
  FeedbackLimit: 7068,
} as const
export type BusinessCode = (typeof BusinessCode)[keyof typeof BusinessCode]

export const BUSINESS_MESSAGES: Record<BusinessCode, string> = {
  [BusinessCode.GuestCreationRefused]: '生成游客失败！请联系在线客服',
  [BusinessCode.GuestCreationRefusedAlt]: '生成游客失败！请联系在线客服',
  [BusinessCode.InsufficientBalance]: '余额不足',
  [BusinessCode.AlreadyBought]: '已购买',
  [BusinessCode.NotForSale]: '该内容无需购买',
  [BusinessCode.NotFound]: '内容不存在',
  [BusinessCode.CodeExpired]: '兑换码已过期',
  [BusinessCode.CodeUsed]: '兑换码已使用',
  [BusinessCode.CodeWrong]: '兑换码无效',
  [BusinessCode.CodeUsedUp]: '兑换码已被领完',
  [BusinessCode.AccountTaken]: '该账号已被注册',
  [BusinessCode.LoginFailed]: '账号或密码错误',
  [BusinessCode.MobileTaken]: '该手机号已绑定其他账号',
  [BusinessCode.SmsCodeWrong]: '验证码错误',
  [BusinessCode.SmsCodeExpired]: '验证码已失效，请重新获取',
  [BusinessCode.SmsTooFrequent]: '发送过于频繁，请稍后再试',
  [BusinessCode.CredentialInvalid]: '凭证无效或已失效',
  [BusinessCode.WrongOldPassword]: '原密码错误',
  [BusinessCode.NoPassword]: '请先注册账号',
  [BusinessCode.NotBoundMobile]: '不是当前绑定的手机号',
  [BusinessCode.ImageNotYours]: '图片不存在',
  [BusinessCode.AlreadyAccount]: '已登录账号，请先退出登录',
  [BusinessCode.MobileAlreadyBound]: '已绑定手机号，如需更换请在账号设置中操作',
  [BusinessCode.ItemUnavailable]: '该商品已下架',
  [BusinessCode.PayTypeUnavailable]: '暂不支持该支付方式',
  [BusinessCode.OrderNotFound]: '订单不存在',
  [BusinessCode.Banned]: '账号已被禁言，暂时不能发布内容',
  [BusinessCode.VideoUnusable]: '视频不可用，请重新上传',
  [BusinessCode.PublishLimit]: '今日发布次数已达上限',
  [BusinessCode.NotYourself]: '不能对自己进行此操作',
  [BusinessCode.PostUnavailable]: '帖子不存在或尚未通过审核',
  [BusinessCode.PostLocked]: '解锁后才能评论',
  [BusinessCode.PointsShort]: '积分不足',
  [BusinessCode.OutOfStock]: '已兑完',
  [BusinessCode.TaskNotFinished]: '任务还未完成',
  [BusinessCode.TaskClaimed]: '奖励已领取',
  [BusinessCode.InviteCodeWrong]: '邀请码无效',
  [BusinessCode.InviterBound]: '已绑定过邀请人',
  [BusinessCode.SelfInvite]: '不能填写自己的邀请码',
  [BusinessCode.InviteLimit]: '邀请次数已达上限，请明天再试',
  [BusinessCode.FeedbackLimit]: '今日反馈次数已达上限，请明天再试',
}

/** HTTP status per result code; everything else travels as HTTP 200. */
export function httpStatusFor(code: number): number {
  if (code === ResultCode.BadSignature || code === ResultCode.ClockSkew || code === ResultCode.ReplayedNonce) {
    return 403
  }
  if (code === ResultCode.RateLimited) return 429
  if (code === ResultCode.ServerError) return 500
  return 200
}

/** The decrypted response body of every call. */
export interface ApiResult<T = unknown> {
  code: number
  data: T | null
  tip: string
  msg: string
}

/** The plain 403 body of a rejected signature check. */
export interface ProtocolRejection {
  code: number
  msg: string
  serverTime?: number
}
