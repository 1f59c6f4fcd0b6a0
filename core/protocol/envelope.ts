import type { ProtocolCrypto } from './crypto.ts'

export const SEED_LENGTH = 12

/** `{"hash": true, "data": base64(seed ‖ ciphertext)}` (SPEC §2). */
export interface Envelope {
  hash: true
  data: string
}

export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { hash?: unknown }).hash === true &&
    typeof (body as { data?: unknown }).data === 'string'
  )
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a, 0)
  out.set(b, a.length)
  return out
}

/** key = SHA-256(secret ‖ seed); iv = SHA-256(seed ‖ secret)[0..16). */
export function deriveKeyAndIv(crypto: ProtocolCrypto, secret: string, seed: Uint8Array) {
  const secretBytes = crypto.utf8Encode(secret)
  return {
    key: crypto.sha256(concat(secretBytes, seed)),
    iv: crypto.sha256(concat(seed, secretBytes)).subarray(0, 16),
  }
}

/** Seals JSON text. `seed` is for golden vectors only; calls leave it random. */
export function sealText(crypto: ProtocolCrypto, secret: string, json: string, seed?: Uint8Array): Envelope {
  const seedBytes = seed ?? crypto.randomBytes(SEED_LENGTH)
  if (seedBytes.length !== SEED_LENGTH) throw new Error(`envelope seed must be ${SEED_LENGTH} bytes`)
  const { key, iv } = deriveKeyAndIv(crypto, secret, seedBytes)
  const ciphertext = crypto.aes256CbcEncrypt(key, iv, crypto.utf8Encode(json))
  return { hash: true, data: crypto.base64Encode(concat(seedBytes, ciphertext)) }
}

export function seal(crypto: ProtocolCrypto, secret: string, value: unknown): Envelope {
  return sealText(crypto, secret, JSON.stringify(value))
}

export class EnvelopeError extends Error {
  override name = 'EnvelopeError'
}

/** Opens an envelope to its JSON text; EnvelopeError for anything that is not one we sealed. */
export function openText(crypto: ProtocolCrypto, secret: string, envelope: Envelope): string {
  let bytes: Uint8Array
  try {
    bytes = crypto.base64Decode(envelope.data)
  } catch {
    throw new EnvelopeError('envelope data is not base64')
  }
  const ciphertextLength = bytes.length - SEED_LENGTH
  if (ciphertextLength < 16 || ciphertextLength % 16 !== 0) {
    throw new EnvelopeError('envelope data has the wrong length')
  }
  const { key, iv } = deriveKeyAndIv(crypto, secret, bytes.subarray(0, SEED_LENGTH))
  try {
    return crypto.utf8Decode(crypto.aes256CbcDecrypt(key, iv, bytes.subarray(SEED_LENGTH)))
  } catch {
    throw new EnvelopeError('envelope does not decrypt with this secret')
  }
}

export function open(crypto: ProtocolCrypto, secret: string, envelope: Envelope): unknown {
  const text = openText(crypto, secret, envelope)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new EnvelopeError('envelope does not hold JSON')
  }
}
