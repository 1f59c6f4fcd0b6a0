/**
 * The primitives the protocol needs. core/ fixes the byte layouts (what is hashed, in
 * which order, what is concatenated); a runtime supplies the primitives: the page uses
 * WebCrypto (AsyncProtocolCrypto) where the origin is secure and the pure @noble implementation
 * (noble-crypto.ts) where it is not, the server uses node:crypto for speed. Golden vectors
 * (vectors.json) keep them byte-compatible.
 */
export interface ProtocolCrypto {
  sha256(data: Uint8Array): Uint8Array
  hmacSha1(key: Uint8Array, message: Uint8Array): Uint8Array
  aes256CbcEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array): Uint8Array
  /** Throws when the padding is not valid PKCS#7. */
  aes256CbcDecrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array): Uint8Array
  randomBytes(length: number): Uint8Array
  base64Encode(bytes: Uint8Array): string
  /** Throws on characters outside the standard base64 alphabet. */
  base64Decode(text: string): Uint8Array
  utf8Encode(text: string): Uint8Array
  /** Throws on malformed UTF-8. */
  utf8Decode(bytes: Uint8Array): string
}

type DigestsAndCiphers = 'sha256' | 'hmacSha1' | 'aes256CbcEncrypt' | 'aes256CbcDecrypt'

/**
 * The same primitives where digests and ciphers are asynchronous: WebCrypto in the page, which
 * computes them natively and off the main thread (pure-JavaScript AES and SHA blocked a phone's
 * main thread for tens of milliseconds on a first visit).
 */
export interface AsyncProtocolCrypto extends Omit<ProtocolCrypto, DigestsAndCiphers> {
  sha256(data: Uint8Array): Promise<Uint8Array>
  hmacSha1(key: Uint8Array, message: Uint8Array): Promise<Uint8Array>
  aes256CbcEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array): Promise<Uint8Array>
  /** Rejects when the padding is not valid PKCS#7. */
  aes256CbcDecrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array): Promise<Uint8Array>
}

/**
 * `codecs` with digests and ciphers from a synchronous implementation that `load` gives once
 * first asked (a lazily imported module), or at once.
 */
export function asAsync(
  codecs: Omit<ProtocolCrypto, DigestsAndCiphers>,
  load: () => Pick<ProtocolCrypto, DigestsAndCiphers> | Promise<Pick<ProtocolCrypto, DigestsAndCiphers>>,
): AsyncProtocolCrypto {
  let loaded: Promise<Pick<ProtocolCrypto, DigestsAndCiphers>> | undefined
  const primitives = () => (loaded ??= Promise.resolve().then(load))
  return {
    ...codecs,
    sha256: async (data) => (await primitives()).sha256(data),
    hmacSha1: async (key, message) => (await primitives()).hmacSha1(key, message),
    aes256CbcEncrypt: async (key, iv, plaintext) => (await primitives()).aes256CbcEncrypt(key, iv, plaintext),
    aes256CbcDecrypt: async (key, iv, ciphertext) => (await primitives()).aes256CbcDecrypt(key, iv, ciphertext),
  }
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = ''
  for (const byte of bytes) hex += HEX_BYTE[byte]
  return hex
}

const HEX_BYTE = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** Compares without an early exit, so timing does not reveal the matching prefix. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}
