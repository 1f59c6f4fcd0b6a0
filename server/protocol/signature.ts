import { hash } from 'node:crypto'
import { signingText, type SignedCall } from '../../core/protocol/sign.ts'

const HMAC_BLOCK = 64
const SHA1_LENGTH = 20

/**
 * The x-api-key signature on node:crypto straight to hex: the signed text's layout comes from
 * core (signingText). HMAC-SHA1 (RFC 2104) is two one-shot SHA-1 hashes over reused buffers —
 * SHA-1((K ⊕ opad) ‖ SHA-1((K ⊕ ipad) ‖ text)) — instead of a createHmac object per request (a
 * native object V8 can only free in a later GC). Checked against the golden vectors.
 */
export function createSigner(secret: string): (call: SignedCall) => string {
  const secretBytes = Buffer.from(secret, 'utf8')
  const key = secretBytes.length > HMAC_BLOCK ? hash('sha1', secretBytes, 'buffer') : secretBytes
  let inner = Buffer.alloc(HMAC_BLOCK + 1024)
  const outer = Buffer.alloc(HMAC_BLOCK + SHA1_LENGTH)
  for (let i = 0; i < HMAC_BLOCK; i++) {
    inner[i] = (key[i] ?? 0) ^ 0x36
    outer[i] = (key[i] ?? 0) ^ 0x5c
  }
  return (call) => {
    const text = signingText(call)
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    if (inner.length < HMAC_BLOCK + text.length * 3) {
      const grown = Buffer.alloc(HMAC_BLOCK + text.length * 3)
      inner.copy(grown, 0, 0, HMAC_BLOCK)
      inner = grown
    }
    const length = inner.write(text, HMAC_BLOCK, 'utf8')
    outer.write(hash('sha1', inner.subarray(0, HMAC_BLOCK + length), 'binary'), HMAC_BLOCK, 'latin1')
    return hash('sha1', outer, 'hex')
  }
}
