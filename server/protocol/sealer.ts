import { createCipheriv, hash } from 'node:crypto'
import { SEED_LENGTH } from '../../core/protocol/envelope.ts'

const BLOCK = 16

/**
 * Seals answer JSON into the envelope text `{"hash":true,"data":"…"}` (SPEC §2), the server's
 * hottest path. Same layout as core's sealText — key = SHA-256(secret ‖ seed), iv =
 * SHA-256(seed ‖ secret)[0..16), AES-256-CBC with PKCS#7 padding — checked against the golden
 * vectors, with the per-answer work cut down:
 * - the hash inputs are two buffers reused across answers (only the seed bytes change);
 * - the JSON is written into a reused buffer and padded here (PKCS#7, 1–16 bytes of the pad
 *   length), so the cipher gets whole blocks and a single update() returns every ciphertext
 *   block: no final() call, no third buffer, no Buffer.concat;
 * - the seed is 12 bytes, a whole number of base64 groups, so base64(seed ‖ ciphertext) is
 *   base64(seed) followed by base64(ciphertext).
 * A fresh random seed (so a fresh key and iv) for every answer; nothing sealed is reused.
 */
export function createSealer(secret: string, random: (length: number) => Uint8Array): (json: string) => string {
  const secretBytes = Buffer.from(secret, 'utf8')
  const seedAt = secretBytes.length
  const keyInput = Buffer.alloc(secretBytes.length + SEED_LENGTH)
  secretBytes.copy(keyInput, 0)
  const ivInput = Buffer.alloc(SEED_LENGTH + secretBytes.length)
  secretBytes.copy(ivInput, SEED_LENGTH)
  let plaintext = Buffer.allocUnsafe(4096)
  return (json) => {
    const seed = random(SEED_LENGTH)
    keyInput.set(seed, seedAt)
    ivInput.set(seed, 0)
    const key = hash('sha256', keyInput, 'buffer')
    const iv = hash('sha256', ivInput, 'buffer').subarray(0, BLOCK)
    // UTF-8 takes at most 3 bytes per UTF-16 code unit; one more block for the padding.
    const room = json.length * 3 + BLOCK
    if (plaintext.length < room) plaintext = Buffer.allocUnsafe(Math.max(room, plaintext.length * 2))
    const length = plaintext.write(json, 0, 'utf8')
    const padded = (length & ~(BLOCK - 1)) + BLOCK
    plaintext.fill(padded - length, length, padded)
    const ciphertext = createCipheriv('aes-256-cbc', key, iv)
      .setAutoPadding(false)
      .update(plaintext.subarray(0, padded))
    return `{"hash":true,"data":"${keyInput.toString('base64', seedAt)}${ciphertext.toString('base64')}"}`
  }
}
