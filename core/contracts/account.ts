import * as v from 'valibot'
import { IdSchema, IntSchema, PlainTextSchema } from './fields.ts'
import { MAX_DEVICE_ID_LENGTH } from './text.ts'
import {
  ACCOUNT_PATTERN,
  CREDENTIAL_PATTERN,
  INTRO_MAX,
  NICKNAME_MAX,
  NICKNAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SMS_CODE_PATTERN,
  normaliseMobile,
} from './account-rules.ts'

/** Accounts: password, phone and credential logins, profile, sessions (server/modules/accounts). */

/** 4–20 of [A-Za-z0-9_], unique without regard to case. */
export const AccountNameSchema = v.pipe(
  v.string('must be text'),
  v.regex(ACCOUNT_PATTERN, 'must be 4 to 20 letters, digits or underscores'),
)

/** 8–64 characters (code points). */
export const PasswordSchema = v.pipe(
  v.string('must be text'),
  v.check((text) => [...text].length >= PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`),
  v.check((text) => [...text].length <= PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
)

/** A mainland mobile number in any usual spelling (+86, spaces, dashes); answers the 11 digits. */
export const MobileSchema = v.pipe(
  v.string('must be text'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const mobile = normaliseMobile(dataset.value)
    if (mobile === null) {
      addIssue({ message: 'must be a mainland mobile number' })
      return NEVER
    }
    return mobile
  }),
)

export const SmsCodeSchema = v.pipe(v.string('must be text'), v.regex(SMS_CODE_PATTERN, 'must be 6 digits'))

/** The account credential of the QR card; whitespace around it (a paste) is trimmed. */
export const CredentialSchema = v.pipe(
  v.string('must be text'),
  v.trim(),
  v.regex(CREDENTIAL_PATTERN, 'is not a credential'),
)

/**
 * The device a login happens on (the app's device id): sessions record it, and `login/before`
 * answers from it. Our addition to the login bodies; optional, as older clients leave it out.
 */
const DeviceIdField = v.optional(
  v.pipe(PlainTextSchema, v.maxLength(MAX_DEVICE_ID_LENGTH, `is longer than ${MAX_DEVICE_ID_LENGTH} characters`)),
  '',
)

export const RegisterRequestSchema = v.object({
  account: AccountNameSchema,
  password: PasswordSchema,
  devID: DeviceIdField,
})
export const PasswordLoginRequestSchema = v.object({
  // Checked for shape only as text: a wrong-shaped account answers like a wrong password.
  account: v.pipe(PlainTextSchema, v.maxLength(64, 'is too long')),
  password: v.pipe(v.string('must be text'), v.maxLength(256, 'is too long')),
  devID: DeviceIdField,
})

export const LoginBeforeRequestSchema = v.object({
  devID: v.pipe(PlainTextSchema, v.minLength(1, 'is required'), v.maxLength(MAX_DEVICE_ID_LENGTH, 'is too long')),
})
export const LoginBeforeResultSchema = v.object({
  /** An account (not a guest) last signed in on this device: the app opens /mine/login. */
  hasAccount: v.boolean(),
})

/**
 * What a code is for. `login` (login/phone), `bind` (login/bindMobile), `changeOld` (the bound
 * number, first half of user/changeMobile), `changeNew` (the new number, second half).
 */
export const SMS_PURPOSES = ['login', 'bind', 'changeOld', 'changeNew'] as const
export type SmsPurpose = (typeof SMS_PURPOSES)[number]

export const CaptchaRequestSchema = v.object({
  mobile: MobileSchema,
  purpose: v.picklist(SMS_PURPOSES, `must be one of ${SMS_PURPOSES.join(', ')}`),
})
export const CaptchaResultSchema = v.object({
  /** Seconds until the same number may be sent another code. */
  resendAfter: IntSchema,
})

export const PhoneLoginRequestSchema = v.object({ mobile: MobileSchema, code: SmsCodeSchema, devID: DeviceIdField })
export const BindMobileRequestSchema = v.object({ mobile: MobileSchema, code: SmsCodeSchema })
export const ChangeMobileRequestSchema = v.object({
  /** The code sent to the bound number (purpose `changeOld`). */
  oldCode: SmsCodeSchema,
  mobile: MobileSchema,
  /** The code sent to the new number (purpose `changeNew`). */
  code: SmsCodeSchema,
})

export const CredentialLoginRequestSchema = v.object({ credential: CredentialSchema, devID: DeviceIdField })
export const CredentialResultSchema = v.object({
  /** Shown once: only its hash is kept. The QR card encodes exactly this text. */
  credential: v.string(),
  /** Unix seconds. */
  createdAt: IntSchema,
})

export const ChangePasswordRequestSchema = v.object({
  oldPassword: v.pipe(v.string('must be text'), v.maxLength(256, 'is too long')),
  newPassword: PasswordSchema,
})

export const NicknameSchema = v.pipe(
  PlainTextSchema,
  v.trim(),
  v.check((text) => [...text].length >= NICKNAME_MIN, `must be at least ${NICKNAME_MIN} characters`),
  v.check((text) => [...text].length <= NICKNAME_MAX, `must be at most ${NICKNAME_MAX} characters`),
)
export const IntroSchema = v.pipe(
  PlainTextSchema,
  v.trim(),
  v.check((text) => [...text].length <= INTRO_MAX, `must be at most ${INTRO_MAX} characters`),
)
export const ModifyInfoRequestSchema = v.pipe(
  v.object({ nickname: v.optional(NicknameSchema), intro: v.optional(IntroSchema) }),
  v.check((body) => body.nickname !== undefined || body.intro !== undefined, 'give a nickname or an intro'),
)

/** The key of an image the caller uploaded through upload/img (16 base64url characters). */
export const ImageIdSchema = v.pipe(v.string('must be text'), v.regex(/^[A-Za-z0-9_-]{16}$/, 'is not an image id'))
export const AvatarRequestSchema = v.object({ imageId: ImageIdSchema })

/** One signed-in device of the account. */
export const SessionEntrySchema = v.object({
  id: IntSchema,
  /** From X-User-Agent, e.g. `Android · Chrome 131`. */
  device: v.string(),
  /** Unix seconds of the login. */
  createdAt: IntSchema,
  /** Unix seconds the session was last seen (to a few minutes). */
  lastSeenAt: IntSchema,
  /** The session of the caller's token. */
  current: v.boolean(),
})
export const SessionListSchema = v.object({ list: v.array(SessionEntrySchema) })
export const RevokeSessionRequestSchema = v.object({ id: IdSchema })

/** What upload/img and upload/images answer for a finished image. */
export const UploadedImageSchema = v.object({
  /** For user/avatar and posts. */
  imageId: v.string(),
  /** Where it is served (scrambled, like every image). */
  url: v.string(),
  width: IntSchema,
  height: IntSchema,
})
/**
 * A chunk's answer: `done` is false until the last chunk has arrived and the image is stored; the
 * GET check of a chunk answers `present` (the chunk is already there) instead.
 */
export const UploadChunkResultSchema = v.object({
  present: v.optional(v.boolean()),
  done: v.boolean(),
  image: v.optional(UploadedImageSchema),
})
