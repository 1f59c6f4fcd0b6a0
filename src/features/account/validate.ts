import {
  ACCOUNT_PATTERN,
  INTRO_MAX,
  NICKNAME_MAX,
  NICKNAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SMS_CODE_PATTERN,
  normaliseMobile,
} from '../../../core/contracts/account-rules.ts'
import { t } from '../../lib/messages-account.ts'

/**
 * The forms' checks before a call, on the rules the server's contracts use
 * (core/contracts/account-rules.ts). Each answers the message to show, or null when the value
 * is fine. Lengths count characters (code points), as the server does.
 */

const length = (text: string) => [...text].length

export function accountProblem(account: string): string | null {
  if (account === '') return t.account.invalid.accountRequired
  return ACCOUNT_PATTERN.test(account) ? null : t.account.invalid.account
}

export function newPasswordProblem(password: string): string | null {
  if (password === '') return t.account.invalid.passwordRequired
  return length(password) < PASSWORD_MIN || length(password) > PASSWORD_MAX ? t.account.invalid.password : null
}

export function requiredProblem(value: string, message: string): string | null {
  return value === '' ? message : null
}

export function confirmProblem(password: string, confirmation: string): string | null {
  return password === confirmation ? null : t.account.invalid.mismatch
}

/** The 11 digits of a mainland number in any usual spelling, or the message. */
export function readMobile(text: string): { mobile: string } | { problem: string } {
  const mobile = normaliseMobile(text)
  return mobile === null ? { problem: t.account.invalid.mobile } : { mobile }
}

export function codeProblem(code: string): string | null {
  return SMS_CODE_PATTERN.test(code) ? null : t.account.invalid.code
}

export function nicknameProblem(nickname: string): string | null {
  const size = length(nickname.trim())
  return size < NICKNAME_MIN || size > NICKNAME_MAX ? t.account.invalid.nickname : null
}

export function introProblem(intro: string): string | null {
  return length(intro.trim()) > INTRO_MAX ? t.account.invalid.intro : null
}

/** Characters the intro counter shows. */
export function introLength(intro: string): number {
  return length(intro.trim())
}
