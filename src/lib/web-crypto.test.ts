import { describe, expect, it } from 'vitest'
import { EnvelopeError, openTextAsync, sealTextAsync } from '../../core/protocol/envelope.ts'
import { computeSignatureAsync } from '../../core/protocol/sign.ts'
import vectors from '../../core/protocol/vectors.json' with { type: 'json' }
import { pageCrypto } from './crypto.ts'

const hexToBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16))

// WebCrypto on a secure origin, @noble (imported on first use) where crypto.subtle is missing.
describe.each([
  ['WebCrypto', globalThis.crypto.subtle],
  ['@noble without crypto.subtle', undefined],
])('the page crypto (%s) against the golden vectors', (_, subtle) => {
  const crypto = pageCrypto(subtle)

  it.each(vectors.sign)('signs $path', async (v) => {
    const call = { token: v.token, path: v.path, xUserAgent: v.xUserAgent, t: v.t, nonce: v.nonce }
    expect(await computeSignatureAsync(crypto, v.secret, call)).toBe(v.signature)
  })

  it.each(vectors.envelope)('seals and opens $json', async (v) => {
    expect(await sealTextAsync(crypto, v.secret, v.json, hexToBytes(v.seedHex))).toEqual({ hash: true, data: v.data })
    expect(await openTextAsync(crypto, v.secret, { hash: true, data: v.data })).toBe(v.json)
  })

  it('rejects an envelope sealed with another secret (bad padding) with EnvelopeError', async () => {
    const { data } = vectors.envelope[0]!
    await expect(openTextAsync(crypto, 'another secret', { hash: true, data })).rejects.toThrow(EnvelopeError)
  })
})
