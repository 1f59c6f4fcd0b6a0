import { createCipheriv, hash } from 'node:crypto'
import { SEED_LENGTH } from '../../core/protocol/envelope.ts'

/**
 * Seals answer JSON into the envelope text `{"hash":true,"data":"…"}` (SPEC §2), the server's
 * hottest path. Same layout as core's sealText — key = SHA-256(secret ‖ seed), iv =
 * SHA-256(seed ‖ secret)[0..16), AES-256-CBC — checked against the golden vectors, with the
 * per-answer garbage cut down: the hash inputs are two buffers reused across answers (only
 * the seed bytes change), the JSON goes to the cipher as a string, and the seed and
 * ciphertext are joined once.
 */
export function createSealer(secret: string, random: (length: number) => Uint8Array): (json: string) => string {
  const secretBytes = Buffer.from(secret, 'utf8')
  const keyInput = Buffer.alloc(secretBytes.length + SEED_LENGTH)
  secretBytes.copy(keyInput, 0)
  const ivInput = Buffer.alloc(SEED_LENGTH + secretBytes.length)
  secretBytes.copy(ivInput, SEED_LENGTH)
  return (json) => {
    const seed = random(SEED_LENGTH)
    keyInput.set(seed, secretBytes.length)
    ivInput.set(seed, 0)
    const key = hash('sha256', keyInput, 'buffer')
    const iv = hash('sha256', ivInput, 'buffer').subarray(0, 16)
    const cipher = createCipheriv('aes-256-cbc', key, iv)
    const data = Buffer.concat([seed, cipher.update(json, 'utf8'), cipher.final()]).toString('base64')
    return `{"hash":true,"data":"${data}"}`
  }
}
