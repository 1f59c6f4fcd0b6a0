import { createCipheriv, createDecipheriv, createHmac, hash, randomBytes } from 'node:crypto'
import type { ProtocolCrypto } from '../../core/protocol/crypto.ts'

/** Standard base64 with its padding, nothing else (Buffer would skip other characters). */
export const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
const decoder = new TextDecoder('utf-8', { fatal: true })

/**
 * randomBytes costs a few microseconds per call whatever the length; every sealed answer
 * needs 12 bytes. Drawing them from a 4 KiB pool refilled when spent makes that one call per
 * ~340 answers. Slices are never handed out twice: a spent pool is replaced, not refilled.
 */
export function pooledRandomBytes(poolSize = 4096): (length: number) => Uint8Array {
  let pool = randomBytes(poolSize)
  let offset = 0
  return (length) => {
    if (length > poolSize / 4) return randomBytes(length)
    if (offset + length > poolSize) {
      pool = randomBytes(poolSize)
      offset = 0
    }
    const bytes = pool.subarray(offset, offset + length)
    offset += length
    return bytes
  }
}

export interface NodeCryptoOptions {
  randomBytes?: (length: number) => Uint8Array
  /**
   * Texts encoded on every request (the API secret): encoded once here instead of once per
   * call. Callers must not modify the returned bytes.
   */
  pinned?: string[]
}

/**
 * The protocol primitives on node:crypto (OpenSSL), several times faster than the pure
 * JavaScript ones the app uses. The signing and envelope layouts stay in core/; the golden
 * vectors (core/protocol/vectors.json) check that both agree byte for byte.
 */
export function createNodeCrypto(options: NodeCryptoOptions = {}): ProtocolCrypto {
  const random = options.randomBytes ?? pooledRandomBytes()
  const pinned = new Map((options.pinned ?? []).map((text) => [text, Buffer.from(text, 'utf8')]))
  return {
    // One-shot hash (Node 20.12+): no Hash stream object per call, less garbage per request.
    sha256: (data) => hash('sha256', data, 'buffer'),
    hmacSha1: (key, message) => createHmac('sha1', key).update(message).digest(),
    aes256CbcEncrypt(key, iv, plaintext) {
      const cipher = createCipheriv('aes-256-cbc', key, iv)
      return Buffer.concat([cipher.update(plaintext), cipher.final()])
    },
    aes256CbcDecrypt(key, iv, ciphertext) {
      const decipher = createDecipheriv('aes-256-cbc', key, iv)
      return Buffer.concat([decipher.update(ciphertext), decipher.final()])
    },
    randomBytes: random,
    base64Encode: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    base64Decode(text) {
      // Buffer skips characters outside the alphabet silently; the protocol rejects them.
      if (!STRICT_BASE64.test(text)) throw new Error('not base64')
      return Buffer.from(text, 'base64')
    },
    utf8Encode: (text) => pinned.get(text) ?? Buffer.from(text, 'utf8'),
    utf8Decode: (bytes) => decoder.decode(bytes),
  }
}
