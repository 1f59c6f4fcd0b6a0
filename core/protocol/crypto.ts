/**
 * The primitives the protocol needs. core/ fixes the byte layouts (what is hashed, in
 * which order, what is concatenated); a runtime supplies the primitives: the app and the
 * service worker use the pure @noble implementation (noble-crypto.ts), the server uses
 * node:crypto for speed. Golden vectors (vectors.json) keep them byte-compatible.
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
