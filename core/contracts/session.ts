import * as v from 'valibot'
import { IdSchema, IntSchema, PlainTextSchema } from './fields.ts'
import { MAX_DEVICE_ID_LENGTH } from './text.ts'

/** One membership line of the user info. */
export const VipStatusSchema = v.object({
  vipType: IntSchema,
  /** Unix seconds of the expiry; 0 when never bought. */
  vipExpireInt: IntSchema,
  /** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai, or '' when never bought. */
  vipExpire: v.string(),
})
export type VipStatus = v.InferOutput<typeof VipStatusSchema>

/** What anyone may see of a user. */
export const PublicUserInfoSchema = v.object({
  id: IntSchema,
  nickname: v.string(),
  avatar: v.string(),
  isGuest: v.boolean(),
  normalVip: VipStatusSchema,
  supremeVip: VipStatusSchema,
  darkVip: VipStatusSchema,
  createdAt: IntSchema,
  /** Up to 100 characters; '' when none. Optional for answers kept by older versions. */
  intro: v.optional(v.string(), ''),
})

export const UserInfoSchema = v.object({
  ...PublicUserInfoSchema.entries,
  /** Diamonds in cents of the display unit. */
  balance: IntSchema,
  /** The login name; '' for a guest or a phone-only account. */
  account: v.optional(v.string(), ''),
  /** The bound mainland number, 11 digits; '' when none. Only its owner sees it. */
  mobile: v.optional(v.string(), ''),
  /** Unix seconds the current credential (QR card) was made; 0 when there is none. */
  credentialCreatedAt: v.optional(IntSchema, 0),
})
export type UserInfo = v.InferOutput<typeof UserInfoSchema>

/** The user with the caller's session token: what a login and the own user/info answer. */
export const LoginResultSchema = v.object({ ...UserInfoSchema.entries, token: v.string() })
export type LoginResult = v.InferOutput<typeof LoginResultSchema>

/** `login/guest` body. `affCode` is the JSON text of the channel. */
export const GuestLoginRequestSchema = v.object({
  devID: v.pipe(
    PlainTextSchema,
    v.minLength(1, 'devID is required'),
    v.maxLength(MAX_DEVICE_ID_LENGTH, `devID is longer than ${MAX_DEVICE_ID_LENGTH} characters`),
  ),
  affCode: v.optional(v.pipe(PlainTextSchema, v.maxLength(1024, 'affCode is longer than 1024 characters')), ''),
  token: v.optional(v.pipe(v.string(), v.maxLength(256)), ''),
})

export const UserInfoRequestSchema = v.object({ userId: v.optional(IdSchema) })

export const OnlineTimeRequestSchema = v.object({
  /** Seconds the app was in the foreground since the last report. */
  seconds: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3600)),
})
export const OnlineTimeResultSchema = v.object({ totalSeconds: IntSchema })
