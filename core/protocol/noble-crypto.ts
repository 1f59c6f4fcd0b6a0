import { cbc } from '@noble/ciphers/aes.js'
import { hmac } from '@noble/hashes/hmac.js'
import { sha1 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { textCodecs } from './codecs.ts'
import type { ProtocolCrypto } from './crypto.ts'

/**
 * Pure-JavaScript primitives, for pages on an insecure origin (no WebCrypto there). `randomBytes` is passed
 * in (crypto.getRandomValues in a browser) because core/ has no randomness of its own.
 */
export function createNobleCrypto(randomBytes: (length: number) => Uint8Array): ProtocolCrypto {
  return {
    sha256: (data) => sha256(data),
    hmacSha1: (key, message) => hmac(sha1, key, message),
    aes256CbcEncrypt: (key, iv, plaintext) => cbc(key, iv).encrypt(plaintext),
    aes256CbcDecrypt: (key, iv, ciphertext) => cbc(key, iv).decrypt(ciphertext),
    randomBytes,
    ...textCodecs,
  }
}
