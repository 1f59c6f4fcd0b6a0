import { createCipheriv, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from '../../core/protocol/crypto.ts'
import { deriveKeyAndIv, openText, sealText, SEED_LENGTH, type Envelope } from '../../core/protocol/envelope.ts'
import { computeSignature, formatApiKey } from '../../core/protocol/sign.ts'
import vectors from '../../core/protocol/vectors.json' with { type: 'json' }
import { createNodeCrypto, pooledRandomBytes } from './node-crypto.ts'
import { createOpener, createSealer } from './sealer.ts'
import { createSigner } from './signature.ts'

const crypto = createNodeCrypto({ pinned: ['marquee-dev-secret-change-me'] })
const hexToBytes = (hex: string) => Buffer.from(hex, 'hex')

describe('node:crypto primitives against the golden vectors', () => {
  it.each(vectors.sign)('signs $path with token "$token"', (v) => {
    const signature = computeSignature(crypto, v.secret, {
      token: v.token,
      path: v.path,
      xUserAgent: v.xUserAgent,
      t: v.t,
      nonce: v.nonce,
    })
    expect(signature).toBe(v.signature)
    expect(formatApiKey({ t: v.t, n: v.nonce, s: signature })).toBe(v.apiKey)
  })

  it.each(vectors.sign)('the server signer signs $path like the vectors', (v) => {
    const call = { token: v.token, path: v.path, xUserAgent: v.xUserAgent, t: v.t, nonce: v.nonce }
    expect(createSigner(v.secret)(call)).toBe(v.signature)
  })

  it.each(vectors.envelope)('seals and opens $json', (v) => {
    const seed = hexToBytes(v.seedHex)
    const { key, iv } = deriveKeyAndIv(crypto, v.secret, seed)
    expect(bytesToHex(key)).toBe(v.keyHex)
    expect(bytesToHex(iv)).toBe(v.ivHex)
    expect(sealText(crypto, v.secret, v.json, seed)).toEqual({ hash: true, data: v.data })
    expect(openText(crypto, v.secret, { hash: true, data: v.data })).toBe(v.json)
  })
})

describe('the server signer', () => {
  it.each([
    ['a secret longer than the HMAC block (hashed first)', 'k'.repeat(65), 'x'],
    ['a 64-byte secret', 'k'.repeat(64), 'x'],
    ['an empty secret', '', 'x'],
    ['a long multi-byte text (the buffer grows)', 's', '中'.repeat(2000)],
  ])('is HMAC-SHA1 for %s', (_label, secret, token) => {
    const sign = createSigner(secret)
    const call = { token, path: '/api/app/user/info', xUserAgent: 'DevType=PC', t: 1, nonce: '00' }
    const expected = (text: string) => createHmac('sha1', secret).update(text).digest('hex')
    expect(sign(call)).toBe(expected(`${token}\n/api/app/user/info\nDevType=PC\n1\n00`))
    // Again with a short call: nothing of the long one is carried over.
    expect(sign({ ...call, token: '' })).toBe(expected('\n/api/app/user/info\nDevType=PC\n1\n00'))
  })
})

describe('the server sealer', () => {
  it.each(vectors.envelope)('seals $json like the vectors', (v) => {
    const seal = createSealer(v.secret, () => hexToBytes(v.seedHex))
    expect(JSON.parse(seal(v.json))).toEqual({ hash: true, data: v.data })
    // Twice: the reused hash-input buffers must not carry anything over.
    expect(JSON.parse(seal(v.json))).toEqual({ hash: true, data: v.data })
  })

  it('pads every length to whole blocks: core opens texts of 0 to 40 bytes and multi-byte ones', () => {
    const seal = createSealer('k', pooledRandomBytes())
    const texts = Array.from({ length: 41 }, (_, n) => 'x'.repeat(n)).concat([
      '中'.repeat(5),
      '中'.repeat(6),
      '😀'.repeat(4),
    ])
    for (const text of texts) {
      const envelope = JSON.parse(seal(text)) as { hash: true; data: string }
      expect(openText(crypto, 'k', envelope)).toBe(text)
      // seed (12) + whole blocks, at least one more byte of padding than the text
      const bytes = Buffer.byteLength(text)
      expect(Buffer.from(envelope.data, 'base64').length).toBe(12 + (bytes - (bytes % 16)) + 16)
    }
  })

  it('grows its plaintext buffer for a long answer and still seals short ones after', () => {
    const seal = createSealer('k', pooledRandomBytes())
    const long = JSON.stringify({ a: '中'.repeat(5000) })
    expect(openText(crypto, 'k', JSON.parse(seal(long)) as { hash: true; data: string })).toBe(long)
    expect(openText(crypto, 'k', JSON.parse(seal('{}')) as { hash: true; data: string })).toBe('{}')
  })

  it('opens with core after sealing with a random seed', () => {
    const seal = createSealer('k', pooledRandomBytes())
    const envelope = JSON.parse(seal('{"a":"中文"}')) as { hash: true; data: string }
    expect(openText(crypto, 'k', envelope)).toBe('{"a":"中文"}')
  })
})

describe('the server opener', () => {
  it.each(vectors.envelope)('opens the vector of $json, twice', (v) => {
    const openBody = createOpener(v.secret)
    expect(openBody({ hash: true, data: v.data })).toBe(v.json)
    expect(openBody({ hash: true, data: v.data })).toBe(v.json)
  })

  it('opens what core seals, every length from 0 to 40 bytes and multi-byte text', () => {
    const openBody = createOpener('k')
    const texts = Array.from({ length: 41 }, (_, n) => 'x'.repeat(n)).concat(['{"a":"中文"}', '😀'.repeat(9)])
    for (const text of texts) expect(openBody(sealText(crypto, 'k', text))).toBe(text)
  })

  /** An envelope of raw blocks (no padding added) under `secret` with a fixed seed. */
  const rawEnvelope = (secret: string, blocks: Uint8Array): Envelope => {
    const seed = new Uint8Array(SEED_LENGTH).fill(7)
    const { key, iv } = deriveKeyAndIv(crypto, secret, seed)
    const ciphertext = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(false).update(blocks)
    return { hash: true, data: Buffer.concat([seed, ciphertext]).toString('base64') }
  }
  const block = (...tail: number[]) => Uint8Array.from([...new Array<number>(16 - tail.length).fill(0x41), ...tail])

  it.each([
    ['not base64', { hash: true, data: 'a b!' } as Envelope],
    ['lax base64', { hash: true, data: Buffer.alloc(28).toString('base64').replace(/=+$/, '') } as Envelope],
    ['too short', { hash: true, data: Buffer.alloc(SEED_LENGTH + 8).toString('base64') } as Envelope],
    ['not whole blocks', { hash: true, data: Buffer.alloc(SEED_LENGTH + 20).toString('base64') } as Envelope],
    ['another secret', sealText(crypto, 'other', '{"a":1}')],
    ['pad byte 0', rawEnvelope('k', block(0))],
    ['pad byte 17', rawEnvelope('k', block(17))],
    ['pad bytes that differ', rawEnvelope('k', block(2, 3, 3))],
    ['bad UTF-8 under good padding', rawEnvelope('k', block(0xff, 0xfe, 2, 2))],
  ])('fails on %s with the error core gives', (_case, envelope) => {
    let coreError: unknown
    try {
      openText(crypto, 'k', envelope)
    } catch (error) {
      coreError = error
    }
    expect(coreError).toBeInstanceOf(Error)
    expect(() => createOpener('k')(envelope)).toThrow((coreError as Error).message)
  })

  it('opens good padding of every length', () => {
    const openBody = createOpener('k')
    for (let pad = 1; pad <= 16; pad++) {
      const blocks = new Uint8Array(32).fill(0x41)
      blocks.fill(pad, 32 - pad)
      expect(openBody(rawEnvelope('k', blocks))).toBe('A'.repeat(32 - pad))
    }
  })
})

describe('base64', () => {
  it.each(['***', 'QUJD!', 'QUJD\n', 'QUJ', 'QU=D', ' QUJD'])('rejects %j instead of skipping characters', (text) => {
    expect(() => crypto.base64Decode(text)).toThrow()
  })

  it.each([
    ['', ''],
    ['QQ==', '41'],
    ['QUI=', '4142'],
    ['QUJD', '414243'],
  ])('decodes %j', (text, hex) => {
    expect(bytesToHex(crypto.base64Decode(text))).toBe(hex)
    expect(crypto.base64Encode(hexToBytes(hex))).toBe(text)
  })

  it('encodes a view into a larger buffer by its own bytes only', () => {
    const whole = Uint8Array.from([1, 2, 3, 4, 5])
    expect(crypto.base64Encode(whole.subarray(1, 3))).toBe(Buffer.from([2, 3]).toString('base64'))
  })
})

describe('utf8', () => {
  it('rejects malformed UTF-8', () => {
    expect(() => crypto.utf8Decode(Uint8Array.from([0xc3, 0x28]))).toThrow()
  })

  it('encodes pinned and other texts alike', () => {
    expect(Buffer.from(crypto.utf8Encode('marquee-dev-secret-change-me')).toString()).toBe(
      'marquee-dev-secret-change-me',
    )
    expect(Buffer.from(crypto.utf8Encode('中文')).toString('hex')).toBe('e4b8ade69687')
  })

  it('fails to decrypt a ciphertext with bad padding', () => {
    const key = new Uint8Array(32)
    const iv = new Uint8Array(16)
    const ciphertext = crypto.aes256CbcEncrypt(key, iv, Uint8Array.from([1, 2, 3]))
    expect(() => crypto.aes256CbcDecrypt(new Uint8Array(32).fill(1), iv, ciphertext)).toThrow()
  })
})

describe('pooled random bytes', () => {
  it('never hands out the same bytes twice, across pool refills', () => {
    const random = pooledRandomBytes(64)
    const seen = new Set<string>()
    for (let i = 0; i < 100; i++) {
      const bytes = random(12)
      expect(bytes).toHaveLength(12)
      seen.add(bytesToHex(bytes))
    }
    expect(seen.size).toBe(100)
    expect(random(100)).toHaveLength(100)
  })
})
