/**
 * Writes core/protocol/vectors.json with node:crypto, independently of core/'s code, so
 * the vectors check every implementation (noble in the app and worker, node:crypto on the
 * server) against a third one. Run once with `npm run vectors`; the file is committed.
 */
import { createCipheriv, createHash, createHmac } from 'node:crypto'
import { writeFileSync } from 'node:fs'

const signCases = [
  { secret: 'marquee-dev-secret-change-me', token: '', path: '/api/app/login/guest' },
  { secret: 'marquee-dev-secret-change-me', token: 'a'.repeat(64), path: '/api/app/user/info' },
  { secret: 'another secret ✓', token: 'tök€n', path: '/api/app/ping/config' },
].map((c, i) => {
  const xUserAgent = `DevType=PC;SysType=h5_pc;Ver=2.1.1;Browser=Chrome/${120 + i}.0`
  const t = 1_790_000_000 + i * 7
  const nonce = createHash('md5').update(`nonce-${i}`).digest('hex')
  const text = `${c.token}\n${c.path}\n${xUserAgent}\n${t}\n${nonce}`
  const signature = createHmac('sha1', c.secret).update(text, 'utf8').digest('hex')
  return { ...c, xUserAgent, t, nonce, signature, apiKey: `t=${t};n=${nonce};s=${signature}` }
})

const envelopeCases = [
  { secret: 'marquee-dev-secret-change-me', json: '{"code":200,"data":null,"tip":"","msg":"ok"}' },
  { secret: 'marquee-dev-secret-change-me', json: '{"a":"0123456789"}' }, // exactly 16 bytes: a whole padding block
  {
    secret: 'another secret ✓',
    json: JSON.stringify({ title: '中文标题 🎬', list: Array.from({ length: 40 }, (_, i) => i) }),
  },
  { secret: 's', json: '""' },
].map((c, i) => {
  const seed = createHash('sha256').update(`seed-${i}`).digest().subarray(0, 12)
  const secret = Buffer.from(c.secret, 'utf8')
  const key = createHash('sha256')
    .update(Buffer.concat([secret, seed]))
    .digest()
  const iv = createHash('sha256')
    .update(Buffer.concat([seed, secret]))
    .digest()
    .subarray(0, 16)
  const cipher = createCipheriv('aes-256-cbc', key, iv)
  const ciphertext = Buffer.concat([cipher.update(c.json, 'utf8'), cipher.final()])
  return {
    ...c,
    seedHex: seed.toString('hex'),
    keyHex: key.toString('hex'),
    ivHex: iv.toString('hex'),
    data: Buffer.concat([seed, ciphertext]).toString('base64'),
  }
})

const file = new URL('../core/protocol/vectors.json', import.meta.url)
writeFileSync(file, JSON.stringify({ sign: signCases, envelope: envelopeCases }, null, 2) + '\n')
console.log(`wrote ${signCases.length} signing and ${envelopeCases.length} envelope vectors`)
