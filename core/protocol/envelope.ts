import type { AsyncProtocolCrypto, ProtocolCrypto } from './crypto.ts'

export const SEED_LENGTH = 12

/** `{"hash": true, "data": base64(seed ‖ ciphertext)}` (docs/protocol.md, "Envelope"). */
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

/** The inputs of key = SHA-256(secret ‖ seed) and iv = SHA-256(seed ‖ secret)[0..16). */
function keyAndIvInputs(secretBytes: Uint8Array, seed: Uint8Array): [key: Uint8Array, iv: Uint8Array] {
  return [concat(secretBytes, seed), concat(seed, secretBytes)]
}

/** key = SHA-256(secret ‖ seed); iv = SHA-256(seed ‖ secret)[0..16). */
export function deriveKeyAndIv(crypto: ProtocolCrypto, secret: string, seed: Uint8Array) {
  const [keyInput, ivInput] = keyAndIvInputs(crypto.utf8Encode(secret), seed)
  return { key: crypto.sha256(keyInput), iv: crypto.sha256(ivInput).subarray(0, 16) }
}

async function deriveKeyAndIvAsync(crypto: AsyncProtocolCrypto, secret: string, seed: Uint8Array) {
  const [keyInput, ivInput] = keyAndIvInputs(crypto.utf8Encode(secret), seed)
  const [key, ivDigest] = await Promise.all([crypto.sha256(keyInput), crypto.sha256(ivInput)])
  return { key, iv: ivDigest.subarray(0, 16) }
}

function seedOrRandom(crypto: Pick<ProtocolCrypto, 'randomBytes'>, seed: Uint8Array | undefined): Uint8Array {
  const seedBytes = seed ?? crypto.randomBytes(SEED_LENGTH)
  if (seedBytes.length !== SEED_LENGTH) throw new Error(`envelope seed must be ${SEED_LENGTH} bytes`)
  return seedBytes
}

/** Seals JSON text. `seed` is for golden vectors only; calls leave it random. */
export function sealText(crypto: ProtocolCrypto, secret: string, json: string, seed?: Uint8Array): Envelope {
  const seedBytes = seedOrRandom(crypto, seed)
  const { key, iv } = deriveKeyAndIv(crypto, secret, seedBytes)
  const ciphertext = crypto.aes256CbcEncrypt(key, iv, crypto.utf8Encode(json))
  return { hash: true, data: crypto.base64Encode(concat(seedBytes, ciphertext)) }
}

export async function sealTextAsync(
  crypto: AsyncProtocolCrypto,
  secret: string,
  json: string,
  seed?: Uint8Array,
): Promise<Envelope> {
  const seedBytes = seedOrRandom(crypto, seed)
  const { key, iv } = await deriveKeyAndIvAsync(crypto, secret, seedBytes)
  const ciphertext = await crypto.aes256CbcEncrypt(key, iv, crypto.utf8Encode(json))
  return { hash: true, data: crypto.base64Encode(concat(seedBytes, ciphertext)) }
}

export function seal(crypto: ProtocolCrypto, secret: string, value: unknown): Envelope {
  return sealText(crypto, secret, JSON.stringify(value))
}

export function sealAsync(crypto: AsyncProtocolCrypto, secret: string, value: unknown): Promise<Envelope> {
  return sealTextAsync(crypto, secret, JSON.stringify(value))
}

export class EnvelopeError extends Error {
  override name = 'EnvelopeError'
}

const notOurs = () => new EnvelopeError('envelope does not decrypt with this secret')

/** The seed and the ciphertext of an envelope; EnvelopeError when its data cannot be either. */
function envelopeParts(crypto: Pick<ProtocolCrypto, 'base64Decode'>, envelope: Envelope) {
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
  return { seed: bytes.subarray(0, SEED_LENGTH), ciphertext: bytes.subarray(SEED_LENGTH) }
}

/** Opens an envelope to its JSON text; EnvelopeError for anything that is not one we sealed. */
export function openText(crypto: ProtocolCrypto, secret: string, envelope: Envelope): string {
  const { seed, ciphertext } = envelopeParts(crypto, envelope)
  const { key, iv } = deriveKeyAndIv(crypto, secret, seed)
  try {
    return crypto.utf8Decode(crypto.aes256CbcDecrypt(key, iv, ciphertext))
  } catch {
    throw notOurs()
  }
}

export async function openTextAsync(crypto: AsyncProtocolCrypto, secret: string, envelope: Envelope): Promise<string> {
  const { seed, ciphertext } = envelopeParts(crypto, envelope)
  const { key, iv } = await deriveKeyAndIvAsync(crypto, secret, seed)
  try {
    return crypto.utf8Decode(await crypto.aes256CbcDecrypt(key, iv, ciphertext))
  } catch {
    throw notOurs()
  }
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new EnvelopeError('envelope does not hold JSON')
  }
}

export function open(crypto: ProtocolCrypto, secret: string, envelope: Envelope): unknown {
  return parsedJson(openText(crypto, secret, envelope))
}

export async function openAsync(crypto: AsyncProtocolCrypto, secret: string, envelope: Envelope): Promise<unknown> {
  return parsedJson(await openTextAsync(crypto, secret, envelope))
}
