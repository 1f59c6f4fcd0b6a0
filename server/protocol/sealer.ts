import { createCipheriv, createDecipheriv, hash } from 'node:crypto'
import { EnvelopeError, SEED_LENGTH, type Envelope } from '../../core/protocol/envelope.ts'
import { STRICT_BASE64 } from './node-crypto.ts'

const BLOCK = 16

/**
 * key = SHA-256(secret ‖ seed), iv = SHA-256(seed ‖ secret)[0..16) into buffers reused from one
 * message to the next: the hash inputs are two buffers where only the seed bytes change, and the
 * digests come back as short strings copied into the key and iv buffers (a Buffer result would
 * be a fresh off-heap allocation per digest, which V8 tracks and sweeps one by one).
 */
function createKeyDeriver(secret: string) {
  const secretBytes = Buffer.from(secret, 'utf8')
  const seedAt = secretBytes.length
  const keyInput = Buffer.alloc(secretBytes.length + SEED_LENGTH)
  secretBytes.copy(keyInput, 0)
  const ivInput = Buffer.alloc(SEED_LENGTH + secretBytes.length)
  secretBytes.copy(ivInput, SEED_LENGTH)
  const key = Buffer.alloc(32)
  const ivDigest = Buffer.alloc(32)
  return {
    key,
    iv: ivDigest.subarray(0, BLOCK),
    derive(seed: Uint8Array) {
      keyInput.set(seed, seedAt)
      ivInput.set(seed, 0)
      key.write(hash('sha256', keyInput, 'binary'), 0, 'latin1')
      ivDigest.write(hash('sha256', ivInput, 'binary'), 0, 'latin1')
    },
    /** base64 of the seed last derived from. */
    seedBase64: () => keyInput.toString('base64', seedAt),
  }
}

/**
 * Seals answer JSON into the envelope text `{"hash":true,"data":"…"}` (docs/protocol.md), the server's
 * hottest path. Same layout as core's sealText — AES-256-CBC with PKCS#7 padding under the
 * derived key and iv — checked against the golden vectors, with the per-answer work cut down:
 * - the key and iv are derived into reused buffers (createKeyDeriver);
 * - the JSON is padded here (PKCS#7), so the cipher gets whole blocks and a single update()
 *   returns every ciphertext block: no final() call, no Buffer.concat;
 * - the seed is 12 bytes, a whole number of base64 groups, so base64(seed ‖ ciphertext) is
 *   base64(seed) followed by base64(ciphertext).
 * A fresh random seed (so a fresh key and iv) for every call. An answer the same for everyone
 * (a cached one) is sealed once per cache fill by its caller (createResultSender).
 */
export function createSealer(secret: string, random: (length: number) => Uint8Array): (json: string) => string {
  const keys = createKeyDeriver(secret)
  let scratch = Buffer.allocUnsafe(4096)
  return (json) => {
    keys.derive(random(SEED_LENGTH))
    // UTF-8 takes at most 3 bytes per UTF-16 code unit; one more block for the padding.
    const room = json.length * 3 + BLOCK
    if (scratch.length < room) scratch = Buffer.allocUnsafe(Math.max(room, scratch.length * 2))
    const length = scratch.write(json, 0, 'utf8')
    const padded = (length & ~(BLOCK - 1)) + BLOCK
    scratch.fill(padded - length, length, padded)
    const plaintext = scratch.subarray(0, padded)
    const ciphertext = createCipheriv('aes-256-cbc', keys.key, keys.iv).setAutoPadding(false).update(plaintext)
    return `{"hash":true,"data":"${keys.seedBase64()}${ciphertext.toString('base64')}"}`
  }
}

/**
 * Opens request envelopes to their JSON text, as core's openText does (same layout, same
 * EnvelopeError for each failure), on every sealed request body: the key and iv are derived into
 * reused buffers, and the PKCS#7 padding is checked here, so one update() returns the plaintext
 * (no final(), no Buffer.concat).
 */
export function createOpener(secret: string): (envelope: Envelope) => string {
  const keys = createKeyDeriver(secret)
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const notOurs = () => new EnvelopeError('envelope does not decrypt with this secret')
  return ({ data }) => {
    // Buffer skips characters outside the alphabet silently; the protocol rejects them.
    if (!STRICT_BASE64.test(data)) throw new EnvelopeError('envelope data is not base64')
    const bytes = Buffer.from(data, 'base64')
    const ciphertextLength = bytes.length - SEED_LENGTH
    if (ciphertextLength < BLOCK || ciphertextLength % BLOCK !== 0) {
      throw new EnvelopeError('envelope data has the wrong length')
    }
    keys.derive(bytes.subarray(0, SEED_LENGTH))
    const padded = createDecipheriv('aes-256-cbc', keys.key, keys.iv)
      .setAutoPadding(false)
      .update(bytes.subarray(SEED_LENGTH))
    const pad = padded[padded.length - 1]!
    if (pad < 1 || pad > BLOCK) throw notOurs()
    for (let i = padded.length - pad; i < padded.length - 1; i++) if (padded[i] !== pad) throw notOurs()
    try {
      return decoder.decode(padded.subarray(0, padded.length - pad))
    } catch {
      throw notOurs()
    }
  }
}
