import { textCodecs } from '../../core/protocol/codecs.ts'
import { asAsync, type AsyncProtocolCrypto } from '../../core/protocol/crypto.ts'
import { createWebCrypto } from './web-crypto.ts'

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length))

/**
 * The protocol primitives for the page: WebCrypto where the origin is secure (https, localhost);
 * elsewhere crypto.subtle does not exist, and the pure-JavaScript @noble implementation is
 * loaded on first use, so it is not in the JavaScript every visit downloads.
 */
export function pageCrypto(subtle: SubtleCrypto | undefined): AsyncProtocolCrypto {
  if (subtle) return createWebCrypto(subtle, randomBytes)
  return asAsync({ ...textCodecs, randomBytes }, async () =>
    (await import('../../core/protocol/noble-crypto.ts')).createNobleCrypto(randomBytes),
  )
}

export const protocolCrypto = pageCrypto(globalThis.crypto.subtle as SubtleCrypto | undefined)

/** RFC 4122 version-4 id; crypto.randomUUID is missing on insecure origins. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
