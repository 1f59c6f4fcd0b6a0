import { describe, expect, it } from 'vitest'
import { asAsync, bytesToHex, constantTimeEqual } from './crypto.ts'
import {
  EnvelopeError,
  deriveKeyAndIv,
  isEnvelope,
  open,
  openAsync,
  openText,
  openTextAsync,
  seal,
  sealAsync,
  sealText,
  sealTextAsync,
} from './envelope.ts'
import { createNobleCrypto } from './noble-crypto.ts'
import {
  computeSignature,
  computeSignatureAsync,
  formatApiKey,
  formatXUserAgent,
  parseApiKey,
  signRequest,
  signRequestAsync,
} from './sign.ts'
import vectors from './vectors.json' with { type: 'json' }

let counter = 0
// Deterministic "randomness" so the tests are repeatable; real callers pass getRandomValues.
const crypto = createNobleCrypto((length) => Uint8Array.from({ length }, () => counter++ & 0xff))
// The asynchronous functions over the same primitives, handed over late as a lazy import would.
const asyncCrypto = asAsync(crypto, async () => {
  await null
  return crypto
})
const hexToBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16))

describe('signing vectors (made with node:crypto)', () => {
  it.each(vectors.sign)('signs $path with token "$token"', (v) => {
    const call = { token: v.token, path: v.path, xUserAgent: v.xUserAgent, t: v.t, nonce: v.nonce }
    const signature = computeSignature(crypto, v.secret, call)
    expect(signature).toBe(v.signature)
    expect(formatApiKey({ t: v.t, n: v.nonce, s: signature })).toBe(v.apiKey)
    expect(parseApiKey(v.apiKey)).toEqual({ t: v.t, n: v.nonce, s: v.signature })
  })

  it.each(vectors.sign)('signs $path asynchronously alike', async (v) => {
    const call = { token: v.token, path: v.path, xUserAgent: v.xUserAgent, t: v.t, nonce: v.nonce }
    expect(await computeSignatureAsync(asyncCrypto, v.secret, call)).toBe(v.signature)
  })
})

describe('envelope vectors (made with node:crypto)', () => {
  it.each(vectors.envelope)('seals and opens $json', (v) => {
    const seed = hexToBytes(v.seedHex)
    const { key, iv } = deriveKeyAndIv(crypto, v.secret, seed)
    expect(bytesToHex(key)).toBe(v.keyHex)
    expect(bytesToHex(iv)).toBe(v.ivHex)
    expect(sealText(crypto, v.secret, v.json, seed)).toEqual({ hash: true, data: v.data })
    expect(openText(crypto, v.secret, { hash: true, data: v.data })).toBe(v.json)
  })

  it.each(vectors.envelope)('seals and opens $json asynchronously alike', async (v) => {
    const seed = hexToBytes(v.seedHex)
    expect(await sealTextAsync(asyncCrypto, v.secret, v.json, seed)).toEqual({ hash: true, data: v.data })
    expect(await openTextAsync(asyncCrypto, v.secret, { hash: true, data: v.data })).toBe(v.json)
  })
})

describe('envelope', () => {
  it('round-trips a value with a random seed', () => {
    const value = { code: 200, data: { id: 7, name: '测试' }, tip: '', msg: '' }
    const envelope = seal(crypto, 'k', value)
    expect(isEnvelope(envelope)).toBe(true)
    expect(open(crypto, 'k', envelope)).toEqual(value)
  })

  it.each([
    ['a wrong secret', { hash: true as const, data: vectors.envelope[0]!.data }, 'wrong'],
    ['data that is not base64', { hash: true as const, data: '***' }, 'marquee-dev-secret-change-me'],
    [
      'a truncated ciphertext',
      { hash: true as const, data: vectors.envelope[0]!.data.slice(0, 30) },
      'marquee-dev-secret-change-me',
    ],
    ['only a seed', { hash: true as const, data: 'AAAAAAAAAAAAAAAA' }, 'marquee-dev-secret-change-me'],
  ])('rejects %s with EnvelopeError', async (_, envelope, secret) => {
    expect(() => open(crypto, secret, envelope)).toThrow(EnvelopeError)
    await expect(openAsync(asyncCrypto, secret, envelope)).rejects.toThrow(EnvelopeError)
  })

  it('round-trips asynchronously, and each way opens what the other sealed', async () => {
    const value = { code: 200, data: { id: 7, name: '测试' }, tip: '', msg: '' }
    expect(open(crypto, 'k', await sealAsync(asyncCrypto, 'k', value))).toEqual(value)
    expect(await openAsync(asyncCrypto, 'k', seal(crypto, 'k', value))).toEqual(value)
  })

  it('tells envelopes from plain bodies', () => {
    expect(isEnvelope({ hash: true, data: 'x' })).toBe(true)
    expect(isEnvelope({ hash: 'true', data: 'x' })).toBe(false)
    expect(isEnvelope({ code: 200 })).toBe(false)
    expect(isEnvelope(null)).toBe(false)
  })
})

describe('headers', () => {
  it('formats X-User-Agent with URI-encoded values', () => {
    expect(
      formatXUserAgent({ devType: 'iOS', sysType: 'h5_ios', browser: 'Mobile Safari', browserVersion: '17.4' }),
    ).toBe('DevType=iOS;SysType=h5_ios;Ver=2.1.1;Browser=Mobile%20Safari/17.4')
  })

  const request = { secret: 's', token: 'tok', path: '/api/app/user/info', xUserAgent: 'ua', now: 100 }

  it.each([
    ['synchronously', () => signRequest({ crypto, ...request })],
    ['asynchronously', () => signRequestAsync({ crypto: asyncCrypto, ...request })],
  ])('signs a request %s so that the signature verifies', async (_, sign) => {
    const headers = await sign()
    const key = parseApiKey(headers['x-api-key'])!
    expect(headers).toMatchObject({ Authorization: 'tok', 'X-User-Agent': 'ua' })
    expect(key.n).toMatch(/^[0-9a-f]{32}$/)
    const call = { token: 'tok', path: '/api/app/user/info', xUserAgent: 'ua', t: 100, nonce: key.n }
    expect(key.s).toBe(computeSignature(crypto, 's', call))
  })

  it.each([
    undefined,
    '',
    't=1;n=abc;s=def',
    't=1;n=' + 'a'.repeat(32) + ';s=' + 'A'.repeat(40),
    't=x;n=' + 'a'.repeat(32) + ';s=' + 'a'.repeat(40),
    't=1;n=' + 'a'.repeat(32) + ';s=' + 'a'.repeat(40) + ';',
  ])('rejects the malformed x-api-key %j', (header) => {
    expect(parseApiKey(header)).toBeNull()
  })

  it('compares in constant time but correctly', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true)
    expect(constantTimeEqual('abc', 'abd')).toBe(false)
    expect(constantTimeEqual('abc', 'ab')).toBe(false)
  })
})
