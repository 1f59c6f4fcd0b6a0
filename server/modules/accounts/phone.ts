import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { InputOf, ResponseOf } from '../../../core/contracts/call.ts'
import type { SmsPurpose } from '../../../core/contracts/account.ts'
import type * as calls from '../../../core/contracts/calls.ts'
import type { LoginResult, UserInfo } from '../../../core/contracts/session.ts'
import { BUSINESS_MESSAGES, BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import type { Db } from '../../db/client.ts'
import { createSecretLoader } from '../../db/server-secrets.ts'
import { isUniqueViolation } from '../../db/unique-violation.ts'
import { AppError } from '../../errors.ts'
import { failureKey } from '../../plugins/failure-limit.ts'
import type { SessionUser } from '../../plugins/session.ts'
import type { AccountsContext } from './deps.ts'
import * as phoneRepo from './phone-repo.ts'
import * as repo from './repo.ts'
import type { Caller } from './sign-in.ts'
import { toUserInfo } from './user-info.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
/** A code works for 5 minutes, as its message says. */
const CODE_TTL_MS = 5 * MINUTE_MS
const RESEND_SECONDS = 60
const MAX_CODE_TRIES = 5
export const MAX_CODES_PER_NUMBER_PER_DAY = 10
/** Codes one address may ask for per hour, for any numbers: text messages cost money. */
export const MAX_CODES_PER_ADDRESS_PER_HOUR = 30

/** Each holds across server processes: counted from the sms_codes rows. */
const SEND_LIMITS = [
  { by: 'mobile', max: 1, windowMs: RESEND_SECONDS * 1000 },
  { by: 'mobile', max: MAX_CODES_PER_NUMBER_PER_DAY, windowMs: 24 * HOUR_MS },
  { by: 'ip', max: MAX_CODES_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS },
] as const

function smsText(code: string): string {
  return `【Marquee】验证码 ${code}，${CODE_TTL_MS / MINUTE_MS}分钟内有效。`
}

/** `用户8000`: a phone account's name until its owner picks one. */
function phoneNickname(mobile: string): string {
  return `用户${mobile.slice(-4)}`
}

/** `45秒`, `12分钟`, `3小时`: how long to wait, rounded up. */
function waitText(ms: number): string {
  if (ms <= 2 * MINUTE_MS) return `${Math.max(1, Math.ceil(ms / 1000))}秒`
  if (ms <= 2 * HOUR_MS) return `${Math.ceil(ms / MINUTE_MS)}分钟`
  return `${Math.ceil(ms / HOUR_MS)}小时`
}

const businessError = (code: BusinessCode, message: string = BUSINESS_MESSAGES[code]) => new AppError(code, message)
const sessionInvalid = () => new AppError(ResultCode.SessionInvalid, '登录已失效，请重新登录')
const sameNumber = () => businessError(BusinessCode.MobileTaken, '新手机号与当前绑定的相同')

interface CodeEntry {
  mobile: string
  purpose: SmsPurpose
  code: string
}

/** What a login-like unlock answers: the login, and what to run once it has committed. */
interface SignedIn {
  login: LoginResult
  after: () => void
}

/**
 * Phone codes: login/captcha sends one, login/phone, login/bindMobile and user/changeMobile
 * spend them. A code is stored only as an HMAC under a server secret, works once, for
 * CODE_TTL_MS, and dies after MAX_CODE_TRIES wrong tries; the newest code of a number and
 * purpose is the only live one.
 */
export function createPhoneService(context: AccountsContext) {
  const { db, signIn } = context
  const loadSecret = createSecretLoader({
    db,
    name: 'sms_code',
    now: context.now,
    ...(context.randomBytes ? { randomBytes: context.randomBytes } : {}),
  })

  async function hashCode(entry: CodeEntry): Promise<Buffer> {
    return createHmac('sha256', await loadSecret())
      .update(`${entry.mobile}\n${entry.purpose}\n${entry.code}`)
      .digest()
  }

  /** Who may be sent a code for what; refused before anything is sent. */
  async function assertMaySend(mobile: string, purpose: SmsPurpose, session: SessionUser | null, ip: string) {
    if (purpose === 'login') return
    if (!session) throw sessionInvalid()
    const user = await repo.findUserById(db, session.userId)
    if (!user) throw sessionInvalid()
    if (purpose === 'changeOld') {
      if (user.mobile !== mobile) throw businessError(BusinessCode.NotBoundMobile)
      return
    }
    if (purpose === 'bind' && user.mobile) throw businessError(BusinessCode.MobileAlreadyBound)
    if (purpose === 'changeNew' && !user.mobile) throw businessError(BusinessCode.NotBoundMobile)
    if (user.mobile === mobile) throw sameNumber()
    // Whether a number has an account is worth knowing to an attacker: a taken one counts as a failure.
    const attempt = await context.failures.attempt([failureKey.address(ip)])
    if (await repo.findUserByMobile(db, mobile)) throw businessError(BusinessCode.MobileTaken)
    await attempt.succeeded()
  }

  /** 7025 naming the wait when a send limit is reached. */
  async function assertWithinLimits(tx: Db, mobile: string, ip: string, now: Date) {
    for (const limit of SEND_LIMITS) {
      const by = limit.by === 'mobile' ? { mobile } : { ip }
      const sent = await phoneRepo.codesSentSince(tx, by, new Date(now.getTime() - limit.windowMs), limit.max)
      const oldestCounted = sent[limit.max - 1]
      if (oldestCounted) {
        const wait = oldestCounted.getTime() + limit.windowMs - now.getTime()
        throw businessError(BusinessCode.SmsTooFrequent, `发送过于频繁，请${waitText(wait)}后再试`)
      }
    }
  }

  /**
   * Checks every code, then runs `unlock` in the transaction that marks them used, so a code is
   * spent exactly when what it unlocks happens (and two racing requests cannot both spend it).
   * Wrong codes count against the caller's address in context.failures.
   */
  async function spendCodes<T>(entries: CodeEntry[], ip: string, unlock: (tx: Db, now: Date) => Promise<T>) {
    const attempt = await context.failures.attempt([failureKey.address(ip)])
    const now = new Date(context.now())
    const ids: number[] = []
    for (const entry of entries) {
      const live = await phoneRepo.takeTry(db, { ...entry, now, maxTries: MAX_CODE_TRIES })
      if (!live) throw businessError(BusinessCode.SmsCodeExpired)
      const expected = Buffer.from(live.codeHash, 'hex')
      const given = await hashCode(entry)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw businessError(BusinessCode.SmsCodeWrong)
      }
      await phoneRepo.giveTryBack(db, live.id)
      ids.push(live.id)
    }
    await attempt.succeeded()
    try {
      return await db.transaction(async (tx) => {
        for (const id of ids) {
          if (!(await phoneRepo.claimCode(tx, id, now))) throw businessError(BusinessCode.SmsCodeExpired)
        }
        return unlock(tx, now)
      })
    } catch (error) {
      // Every unlock writes users.mobile under lockMobile; this catches a writer that took no lock.
      if (isUniqueViolation(error, 'users_mobile_key')) throw businessError(BusinessCode.MobileTaken)
      throw error
    }
  }

  /** The guest becomes a phone account (same id, everything kept) and signs in afresh. */
  async function guestBecomes(tx: Db, guest: repo.UserRow, mobile: string, caller: Caller, now: Date) {
    const became = await signIn.becomeAccount(
      tx,
      guest.id,
      { mobile, ...(guest.nickname ? {} : { nickname: phoneNickname(mobile) }) },
      now,
    )
    // Another request made this guest an account first.
    if (!became.converted) throw businessError(BusinessCode.AlreadyAccount)
    const signedIn = await signIn.signInAs(tx, guest.id, caller, now)
    return {
      login: signedIn.login,
      after: async () => {
        await became.after()
        await signedIn.after()
      },
    }
  }

  return {
    async sendCode(
      { mobile, purpose }: InputOf<typeof calls.loginCaptcha>,
      user: SessionUser | null,
      ip: string,
    ): Promise<ResponseOf<typeof calls.loginCaptcha>> {
      await assertMaySend(mobile, purpose, user, ip)
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      const codeHash = (await hashCode({ mobile, purpose, code })).toString('hex')
      const now = new Date(context.now())
      await db.transaction(async (tx) => {
        await phoneRepo.lockSmsSending(tx, mobile, ip)
        await assertWithinLimits(tx, mobile, ip, now)
        await phoneRepo.insertSmsCode(tx, {
          mobile,
          purpose,
          codeHash,
          ip,
          createdAt: now,
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        })
        // Inside the transaction: a send that fails leaves no row, so it does not count.
        await context.smsGateway.send({ mobile, text: smsText(code) })
      })
      return { resendAfter: RESEND_SECONDS }
    },

    /**
     * The number's account signs in; a number nobody has yet becomes an account: the caller's,
     * when the caller is a guest (same id, fresh token), else a new one.
     */
    async login({ mobile, code }: InputOf<typeof calls.loginPhone>, caller: Caller, ip: string): Promise<LoginResult> {
      const result = await spendCodes([{ mobile, purpose: 'login', code }], ip, async (tx, now): Promise<SignedIn> => {
        await phoneRepo.lockMobile(tx, mobile)
        const holder = await repo.findUserByMobile(tx, mobile)
        if (holder) return signIn.signInAs(tx, holder.id, caller, now)
        const callerRow = caller.user ? await repo.findUserById(tx, caller.user.userId) : null
        if (callerRow?.isGuest) return guestBecomes(tx, callerRow, mobile, caller, now)
        const account = await phoneRepo.insertPhoneAccount(tx, { mobile, nickname: phoneNickname(mobile), ip, now })
        return signIn.signInAs(tx, account.id, caller, now)
      })
      await result.after()
      return result.login
    },

    /**
     * Binds a number to a caller who has none. A guest becomes an account with a fresh token;
     * an account keeps its token.
     */
    async bind(
      { mobile, code }: InputOf<typeof calls.loginBindMobile>,
      caller: Caller,
      ip: string,
    ): Promise<LoginResult> {
      const session = caller.user
      if (!session) throw sessionInvalid()
      const result = await spendCodes([{ mobile, purpose: 'bind', code }], ip, async (tx, now): Promise<SignedIn> => {
        await phoneRepo.lockMobile(tx, mobile)
        const user = await repo.findUserById(tx, session.userId)
        if (!user) throw sessionInvalid()
        if (user.mobile) throw businessError(BusinessCode.MobileAlreadyBound)
        if (await repo.findUserByMobile(tx, mobile)) throw businessError(BusinessCode.MobileTaken)
        if (user.isGuest) return guestBecomes(tx, user, mobile, caller, now)
        const bound = await phoneRepo.setMobile(tx, user.id, null, mobile)
        if (!bound) throw businessError(BusinessCode.MobileAlreadyBound)
        return { login: { ...toUserInfo(bound, now), token: caller.token }, after: async () => {} }
      })
      await result.after()
      return result.login
    },

    /** Moves the account to a new number: a code to the bound number and one to the new number. */
    async change(
      { oldCode, mobile, code }: InputOf<typeof calls.userChangeMobile>,
      session: SessionUser,
      ip: string,
    ): Promise<UserInfo> {
      const user = await repo.findUserById(db, session.userId)
      const bound = user?.mobile
      if (!bound) throw businessError(BusinessCode.NotBoundMobile)
      if (bound === mobile) throw sameNumber()
      const codes: CodeEntry[] = [
        { mobile: bound, purpose: 'changeOld', code: oldCode },
        { mobile, purpose: 'changeNew', code },
      ]
      const changed = await spendCodes(codes, ip, async (tx) => {
        // Both numbers, in one order, so two changes cannot wait for each other.
        for (const number of [bound, mobile].sort()) await phoneRepo.lockMobile(tx, number)
        if (await repo.findUserByMobile(tx, mobile)) throw businessError(BusinessCode.MobileTaken)
        const row = await phoneRepo.setMobile(tx, session.userId, bound, mobile)
        if (!row) throw businessError(BusinessCode.NotBoundMobile)
        return row
      })
      return toUserInfo(changed, new Date(context.now()))
    },
  }
}
