import { cbc } from '@noble/ciphers/aes.js'
import { hmac } from '@noble/hashes/hmac.js'
import { sha1 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import type { ProtocolCrypto } from './crypto.ts'

const BASE64_CHUNK = 0x8000
const encoder = new TextEncoder()
const decoder = new TextDecoder('utf-8', { fatal: true })

/**
 * Pure-JavaScript primitives for the app and the service worker. `randomBytes` is passed
 * in (crypto.getRandomValues in a browser) because core/ has no randomness of its own.
 */
export function createNobleCrypto(randomBytes: (length: number) => Uint8Array): ProtocolCrypto {
  return {
    sha256: (data) => sha256(data),
    hmacSha1: (key, message) => hmac(sha1, key, message),
    aes256CbcEncrypt: (key, iv, plaintext) => cbc(key, iv).encrypt(plaintext),
    aes256CbcDecrypt: (key, iv, ciphertext) => cbc(key, iv).decrypt(ciphertext),
    randomBytes,
    base64Encode(bytes) {
      let binary = ''
      for (let i = 0; i < bytes.length; i += BASE64_CHUNK) {
        binary += String.fromCharCode(...bytes.subarray(i, i + BASE64_CHUNK))
      }
      return btoa(binary)
    },
    base64Decode(text) {
      const binary = atob(text)
      const bytes = new Uint8Array(binary.length)
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
      return bytes
    },
    utf8Encode: (text) => encoder.encode(text),
    utf8Decode: (bytes) => decoder.decode(bytes),
  }
}
