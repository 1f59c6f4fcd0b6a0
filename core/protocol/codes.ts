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
