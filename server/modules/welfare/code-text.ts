import { createHash, createHmac } from 'node:crypto'

/**
 * Redeem codes as text: 16 characters of Crockford's base32 (no I, L, O, U), 80 random bits,
 * shown as XXXX-XXXX-XXXX-XXXX. Typed codes are normalised the same way before hashing.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const CODE_LENGTH = 16
/** 16 characters × 5 bits. */
export const CODE_BYTES = 10

/** A code from 10 random bytes: every 5 bits one character. */
export function encodeCode(bytes: Uint8Array): string {
  if (bytes.length !== CODE_BYTES) throw new RangeError(`a code takes ${CODE_BYTES} bytes`)
  let bits = 0
  let value = 0
  let text = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      text += ALPHABET[(value >> bits) & 31]
    }
    value &= (1 << bits) - 1
  }
  return text
}

/** XXXX-XXXX-XXXX-XXXX, as printed and shown. */
export function groupCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-')
}

/**
 * A typed code as stored: uppercase, dashes and whitespace removed, and Crockford's look-alikes
 * read as the digits they resemble (O → 0, I and L → 1). Null when it cannot be a code, which
 * is answered like an unknown one.
 */
export function normaliseCode(typed: string): string | null {
  const code = typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
  if (code.length !== CODE_LENGTH) return null
  for (const char of code) if (!ALPHABET.includes(char)) return null
  return code
}

/** How a redeem_codes row's `code_hash` was made (`hash_version`). */
export const CodeHashVersion = {
  /** SHA-256 of the code: the rows made before migration 0012, kept so the codes handed out still work. */
  LegacySha256: 1,
  /** HMAC-SHA-256 of the code keyed by `server_secrets.redeem_code`. */
  HmacSha256: 2,
} as const
export type CodeHashVersion = (typeof CodeHashVersion)[keyof typeof CodeHashVersion]

/**
 * HMAC-SHA-256 of the normalised code under the server's secret. Keyed, so a leaked table alone
 * cannot be searched for codes; fast and deterministic, so redeemcode/use finds the row by a
 * unique index (a slow hash guards guessable secrets like passwords; 80 random bits are not).
 */
export function hashCode(key: Uint8Array, code: string): string {
  return createHmac('sha256', key).update(code, 'utf8').digest('hex')
}

/** The unkeyed SHA-256 of codes made before the key: only to find those rows (CodeHashVersion.LegacySha256). */
export function legacyHashCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex')
}
