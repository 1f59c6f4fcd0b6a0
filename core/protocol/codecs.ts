import type { ProtocolCrypto } from './crypto.ts'

const BASE64_CHUNK = 0x8000
const encoder = new TextEncoder()
const decoder = new TextDecoder('utf-8', { fatal: true })

/** base64 and UTF-8 with the globals every runtime has, for the page's ProtocolCrypto implementations. */
export const textCodecs: Pick<ProtocolCrypto, 'base64Encode' | 'base64Decode' | 'utf8Encode' | 'utf8Decode'> = {
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
