/**
 * Account field rules the contracts and the app's forms share, with no validation library, so a
 * form checks what it is about to send without loading one.
 */

export const ACCOUNT_PATTERN = /^[A-Za-z0-9_]{4,20}$/
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 64
export const NICKNAME_MIN = 2
export const NICKNAME_MAX = 16
export const INTRO_MAX = 100
export const SMS_CODE_PATTERN = /^\d{6}$/
/** `MQC1-` and 32 random bytes as base64url: the QR card's text. */
export const CREDENTIAL_PATTERN = /^MQC1-[A-Za-z0-9_-]{43}$/

/** Mainland mobile numbers: 11 digits from 13x to 19x. */
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/

/**
 * `+86 138-0013-8000`, `0086 13800138000`, `138 0013 8000` → `13800138000`; null when it is
 * not a mainland mobile number. One account per number, so every spelling becomes one.
 */
export function normaliseMobile(text: string): string | null {
  let digits = text.replace(/[\s-]/g, '')
  if (digits.startsWith('+86')) digits = digits.slice(3)
  else if (digits.startsWith('0086')) digits = digits.slice(4)
  else if (digits.length === 13 && digits.startsWith('86')) digits = digits.slice(2)
  return MAINLAND_MOBILE.test(digits) ? digits : null
}

/** `13800138000` → `138****8000`, how a bound number is shown. */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile
}
