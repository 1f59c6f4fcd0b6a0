import { z } from 'zod'
import { IdSchema, PlainTextSchema } from './fields.ts'
import { MAX_DEVICE_ID_LENGTH } from './text.ts'

/** One membership line of the user info. */
export const VipStatusSchema = z.object({
  vipType: z.number().int(),
  /** Unix seconds of the expiry; 0 when never bought. */
  vipExpireInt: z.number().int(),
  /** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai, or '' when never bought. */
  vipExpire: z.string(),
})
export type VipStatus = z.infer<typeof VipStatusSchema>

export const UserInfoSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  isGuest: z.boolean(),
  normalVip: VipStatusSchema,
  supremeVip: VipStatusSchema,
  darkVip: VipStatusSchema,
  /** Diamonds in cents of the display unit (1000 shows as 10). */
  balance: z.number().int(),
  createdAt: z.number().int(),
})
export type UserInfo = z.infer<typeof UserInfoSchema>

/** The guest login's answer: the user and the fresh session token. */
export const LoginResultSchema = UserInfoSchema.extend({ token: z.string() })
export type LoginResult = z.infer<typeof LoginResultSchema>

/** `login/guest` body. `affCode` is the JSON text of the channel. */
export const GuestLoginRequestSchema = z.object({
  devID: PlainTextSchema.min(1, 'devID is required').max(
    MAX_DEVICE_ID_LENGTH,
    `devID is longer than ${MAX_DEVICE_ID_LENGTH} characters`,
  ),
  affCode: PlainTextSchema.max(1024, 'affCode is longer than 1024 characters').default(''),
  token: z.string().max(256).default(''),
})
export type GuestLoginRequest = z.input<typeof GuestLoginRequestSchema>

export const UserInfoRequestSchema = z.object({
  userId: IdSchema.optional(),
})

export const OnlineTimeRequestSchema = z.object({
  /** Seconds the app was in the foreground since the last report. */
  seconds: z.number().int().min(0).max(3600),
})
export const OnlineTimeResultSchema = z.object({ totalSeconds: z.number().int() })
