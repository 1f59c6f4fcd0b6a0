import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { logFormatOf, loggerOptions, type LogFormat } from './log.ts'
import { RequestLog } from './plugins/request-log.ts'

const SESSION = 'session-token-4f1c'
const PLAY = 'play-token-9d2e'
const DEVICE = 'device-id-77ab'

/** A request carrying every credential, then a careless log call naming them; the lines written. */
async function logLines(format: LogFormat): Promise<string[]> {
  const lines: string[] = []
  const app = Fastify({
    logger: loggerOptions({ level: 'info', format, stream: { write: (line) => void lines.push(line) } }),
    logController: new RequestLog(() => 0),
  })
  app.get('/hls/:id/master.m3u8', async () => '#EXTM3U')
  const response = await app.inject({
    url: `/hls/7/master.m3u8?pt=${PLAY}`,
    headers: { authorization: SESSION, 'x-play-token': PLAY, cookie: `s=${SESSION}` },
  })
  expect(response.statusCode).toBe(200)
  app.log.info(
    {
      token: SESSION,
      pt: PLAY,
      playToken: PLAY,
      headers: { authorization: SESSION, 'x-play-token': PLAY, cookie: SESSION },
      body: { devID: DEVICE },
    },
    'a handler logged too much',
  )
  await app.close()
  return lines
}

function expectNoSecrets(text: string) {
  for (const secret of [SESSION, PLAY, DEVICE]) expect(text).not.toContain(secret)
}

describe('logs', () => {
  it('json: one object a line, the path without its query, every credential redacted', async () => {
    const lines = await logLines('json')
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(entries.find((entry) => entry.msg === 'request completed')).toMatchObject({
      req: { method: 'GET', path: '/hls/7/master.m3u8' },
      res: { statusCode: 200 },
    })
    expect(entries.find((entry) => entry.msg === 'a handler logged too much')).toMatchObject({
      token: '[redacted]',
      pt: '[redacted]',
      playToken: '[redacted]',
      headers: { authorization: '[redacted]', 'x-play-token': '[redacted]', cookie: '[redacted]' },
      body: '[redacted]',
    })
    expectNoSecrets(lines.join(''))
  })

  it('pretty: one readable line per event, no colours into a stream, every credential redacted', async () => {
    const lines = await logLines('pretty')
    const text = lines.join('')
    expect(text).not.toMatch(/^\{/m)
    expect(text).not.toContain('\u001b[')
    expect(text).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed: GET \/hls\/7\/master\.m3u8 200 \d+\.\d ms$/m,
    )
    const careless = lines.find((line) => line.includes('a handler logged too much'))
    expect(careless).toContain('"pt":"[redacted]"')
    expect(careless).toContain('"body":"[redacted]"')
    expectNoSecrets(text)
  })

  it.each([
    ['auto', true, 'pretty'],
    ['auto', false, 'json'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('LOG_FORMAT=%s with a terminal: %s → %s', (setting, tty, format) => {
    expect(logFormatOf(setting, tty)).toBe(format)
  })
})
