import { CLIENT_VERSION } from './defaults.ts'
import { bytesToHex, type AsyncProtocolCrypto, type ProtocolCrypto } from './crypto.ts'

export const DevType = { Android: 'Android', iOS: 'iOS', PC: 'PC' } as const
export type DevType = (typeof DevType)[keyof typeof DevType]

export const SysType = {
  Android: 'h5_android',
  iOS: 'h5_ios',
  PC: 'h5_pc',
  Light: 'light',
} as const
export type SysType = (typeof SysType)[keyof typeof SysType]

export interface UserAgentFields {
  devType: DevType
  sysType: SysType
  browser: string
  browserVersion: string
  version?: string
}

/** `X-User-Agent` (docs/protocol.md, "Signing"); each value URI-encoded. */
export function formatXUserAgent(fields: UserAgentFields): string {
  const e = encodeURIComponent
  return (
    `DevType=${e(fields.devType)};SysType=${e(fields.sysType)};` +
    `Ver=${e(fields.version ?? CLIENT_VERSION)};Browser=${e(fields.browser)}/${e(fields.browserVersion)}`
  )
}

export interface ApiKey {
  /** Unix seconds. */
  t: number
  /** 32 lowercase hex characters. */
  n: string
  /** Lowercase hex HMAC-SHA1. */
  s: string
}

export interface SignedCall {
  token: string
  /** URL path without the query string, e.g. `/api/app/login/guest`. */
  path: string
  xUserAgent: string
  t: number
  nonce: string
}

/** The exact text HMAC-SHA1 covers (docs/protocol.md, "Signing"). */
export function signingText(call: SignedCall): string {
  return `${call.token}\n${call.path}\n${call.xUserAgent}\n${call.t}\n${call.nonce}`
}

export function computeSignature(crypto: ProtocolCrypto, secret: string, call: SignedCall): string {
  return bytesToHex(crypto.hmacSha1(crypto.utf8Encode(secret), crypto.utf8Encode(signingText(call))))
}

export async function computeSignatureAsync(
  crypto: AsyncProtocolCrypto,
  secret: string,
  call: SignedCall,
): Promise<string> {
  return bytesToHex(await crypto.hmacSha1(crypto.utf8Encode(secret), crypto.utf8Encode(signingText(call))))
}

export function newNonce(crypto: Pick<ProtocolCrypto, 'randomBytes'>): string {
  return bytesToHex(crypto.randomBytes(16))
}

export function formatApiKey(key: ApiKey): string {
  return `t=${key.t};n=${key.n};s=${key.s}`
}

const API_KEY_PATTERN = /^t=(\d{1,12});n=([0-9a-f]{32});s=([0-9a-f]{40})$/

/** Parses `x-api-key`; null when it is missing or malformed in any way. */
export function parseApiKey(header: string | undefined): ApiKey | null {
  if (!header) return null
  const match = API_KEY_PATTERN.exec(header)
  if (!match) return null
  return { t: Number(match[1]), n: match[2]!, s: match[3]! }
}

export interface SignRequestInput<Crypto = ProtocolCrypto> {
  crypto: Crypto
  secret: string
  token: string
  path: string
  xUserAgent: string
  /** Unix seconds, already corrected for clock skew. */
  now: number
}

function signedCall(input: SignRequestInput<Pick<ProtocolCrypto, 'randomBytes'>>): SignedCall {
  return {
    token: input.token,
    path: input.path,
    xUserAgent: input.xUserAgent,
    t: input.now,
    nonce: newNonce(input.crypto),
  }
}

function signedHeaders(call: SignedCall, signature: string): Record<string, string> {
  return {
    Authorization: call.token,
    'X-User-Agent': call.xUserAgent,
    'x-api-key': formatApiKey({ t: call.t, n: call.nonce, s: signature }),
  }
}

/** The three headers every call carries. */
export function signRequest(input: SignRequestInput): Record<string, string> {
  const call = signedCall(input)
  return signedHeaders(call, computeSignature(input.crypto, input.secret, call))
}

export async function signRequestAsync(input: SignRequestInput<AsyncProtocolCrypto>): Promise<Record<string, string>> {
  const call = signedCall(input)
  return signedHeaders(call, await computeSignatureAsync(input.crypto, input.secret, call))
}
