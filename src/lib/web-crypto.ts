import { textCodecs } from '../../core/protocol/codecs.ts'
import type { AsyncProtocolCrypto } from '../../core/protocol/crypto.ts'

/**
 * The protocol's primitives on WebCrypto: digests and ciphers run natively, off the main thread.
 * WebCrypto exists only on secure origins (https, localhost); crypto.ts picks @noble elsewhere.
 */
export function createWebCrypto(
  subtle: SubtleCrypto,
  randomBytes: (length: number) => Uint8Array,
): AsyncProtocolCrypto {
  // The HMAC key is the API secret on every call: imported once, not per signature.
  const hmacKeys = new Map<string, Promise<CryptoKey>>()
  const hmacKey = (key: Uint8Array) => {
    const id = textCodecs.base64Encode(key)
    let imported = hmacKeys.get(id)
    if (!imported) {
      imported = subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-1' }, false, ['sign'])
      hmacKeys.set(id, imported)
    }
    return imported
  }
  // AES-CBC in WebCrypto always pads with PKCS#7 and checks the padding when decrypting.
  const aesCbc = (operation: 'encrypt' | 'decrypt') => async (key: Uint8Array, iv: Uint8Array, data: Uint8Array) => {
    const cryptoKey = await subtle.importKey('raw', key as BufferSource, 'AES-CBC', false, [operation])
    return new Uint8Array(
      await subtle[operation]({ name: 'AES-CBC', iv: iv as BufferSource }, cryptoKey, data as BufferSource),
    )
  }
  return {
    ...textCodecs,
    randomBytes,
    sha256: async (data) => new Uint8Array(await subtle.digest('SHA-256', data as BufferSource)),
    hmacSha1: async (key, message) =>
      new Uint8Array(await subtle.sign('HMAC', await hmacKey(key), message as BufferSource)),
    aes256CbcEncrypt: aesCbc('encrypt'),
    aes256CbcDecrypt: aesCbc('decrypt'),
  }
}
