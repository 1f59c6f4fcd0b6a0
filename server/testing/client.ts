/**
 * A client written from docs/protocol.md alone with node:crypto, sharing no code with core/protocol,
 * so the server is checked against an independent implementation of the wire protocol.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

export const TEST_USER_AGENT = 'DevType=PC;SysType=h5_pc;Ver=2.1.1;Browser=Chrome/130.0'

function keyAndIv(secret: string, seed: Buffer) {
  const secretBytes = Buffer.from(secret, 'utf8')
  return {
    key: createHash('sha256')
      .update(Buffer.concat([secretBytes, seed]))
      .digest(),
    iv: createHash('sha256')
      .update(Buffer.concat([seed, secretBytes]))
      .digest()
      .subarray(0, 16),
  }
}

export function sealBody(secret: string, value: unknown): { hash: true; data: string } {
  const seed = randomBytes(12)
  const { key, iv } = keyAndIv(secret, seed)
  const cipher = createCipheriv('aes-256-cbc', key, iv)
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
  return { hash: true, data: Buffer.concat([seed, ciphertext]).toString('base64') }
}

function openBody(secret: string, data: string): unknown {
  const bytes = Buffer.from(data, 'base64')
  const { key, iv } = keyAndIv(secret, bytes.subarray(0, 12))
  const decipher = createDecipheriv('aes-256-cbc', key, iv)
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(12)), decipher.final()]).toString('utf8'))
}

export function signApiKey(
  secret: string,
  parts: { token: string; path: string; ua: string; t: number; nonce: string },
) {
  const text = `${parts.token}\n${parts.path}\n${parts.ua}\n${parts.t}\n${parts.nonce}`
  return `t=${parts.t};n=${parts.nonce};s=${createHmac('sha1', secret).update(text, 'utf8').digest('hex')}`
}

export interface CallOptions {
  method?: 'GET' | 'POST'
  /** Seal the request body in an envelope. */
  seal?: boolean
  /** Replaces the client's token for this call. */
  token?: string
  /** Unix seconds to sign with; the client's clock when absent. */
  t?: number
  nonce?: string
  /** Sent as is, after the signed headers (to break or drop them). */
  headers?: Record<string, string | undefined>
  /** Raw body text instead of JSON. */
  rawBody?: string
  remoteAddress?: string
  query?: string
  /** uploadChunk: the file part's name, instead of `params.filename` (a name a header cannot hold). */
  partName?: string
}

export interface CallAnswer {
  status: number
  /** The body, opened when it was an envelope. */
  body: { code: number; data?: unknown; tip?: string; msg?: string; serverTime?: number }
  sealed: boolean
  /** The body exactly as received, envelope and all. */
  text: string
  headers: Record<string, unknown>
  /** The exact headers sent, e.g. to replay them. */
  sent: { headers: Record<string, string>; payload: string | Buffer | undefined }
}

export class TestClient {
  token = ''

  constructor(
    private readonly app: FastifyInstance,
    private readonly secret: string,
    private readonly nowSeconds: () => number,
  ) {}

  async call(name: string, body?: unknown, options: CallOptions = {}): Promise<CallAnswer> {
    const method = options.method ?? (body === undefined && name.startsWith('ping/') ? 'GET' : 'POST')
    const path = `/api/app/${name}`
    const headers = this.signedHeaders(path, options)
    let payload: string | undefined
    if (options.rawBody !== undefined) payload = options.rawBody
    else if (method === 'POST')
      payload = JSON.stringify(options.seal ? sealBody(this.secret, body ?? {}) : (body ?? {}))
    if (payload !== undefined) headers['content-type'] = 'application/json'
    return this.send({ method, url: options.query ? `${path}?${options.query}` : path, headers, payload }, options)
  }

  /**
   * One chunk of a multipart call as simple-uploader sends it: the parameters as form fields, then
   * the bytes as the `file` part (named by `params.filename` when given).
   */
  async uploadChunk(
    name: string,
    params: Record<string, string | number>,
    chunk: Uint8Array,
    options: CallOptions = {},
  ): Promise<CallAnswer> {
    const path = `/api/app/${name}`
    const headers = this.signedHeaders(path, options)
    const boundary = `----marquee${randomBytes(8).toString('hex')}`
    const parts: Buffer[] = []
    for (const [field, value] of Object.entries(params)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`))
    }
    const filename = options.partName ?? String(params.filename ?? 'blob')
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.from(chunk),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    )
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`
    return this.send({ method: 'POST', url: path, headers, payload: Buffer.concat(parts) }, options)
  }

  /** simple-uploader's GET check of a chunk: the same parameters in the query. */
  async checkChunk(name: string, params: Record<string, string | number>, options: CallOptions = {}) {
    const path = `/api/app/${name}`
    const query = new URLSearchParams(
      Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
    )
    return this.send({ method: 'GET', url: `${path}?${query}`, headers: this.signedHeaders(path, options) }, options)
  }

  private signedHeaders(path: string, options: CallOptions): Record<string, string> {
    const token = options.token ?? this.token
    const headers: Record<string, string> = {
      Authorization: token,
      'X-User-Agent': TEST_USER_AGENT,
      'x-api-key': signApiKey(this.secret, {
        token,
        path,
        ua: TEST_USER_AGENT,
        t: options.t ?? this.nowSeconds(),
        nonce: options.nonce ?? randomBytes(16).toString('hex'),
      }),
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === undefined) delete headers[name]
      else headers[name] = value
    }
    return headers
  }

  /** Sends exactly what an earlier call sent (a replay). */
  async resend(previous: CallAnswer, url: string): Promise<CallAnswer> {
    return this.send({ method: 'POST', url, headers: previous.sent.headers, payload: previous.sent.payload }, {})
  }

  /** Sends a request as given: any URL spelling, any headers (nothing is signed for it). */
  async send(
    request: {
      method: 'GET' | 'POST'
      url: string
      headers: Record<string, string>
      payload?: string | Buffer | undefined
    },
    options: CallOptions = {},
  ): Promise<CallAnswer> {
    const response = await this.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    })
    // Anything but JSON (a page's 404, say) is kept as the text in `msg`.
    const isJson = /^application\/json/.test(String(response.headers['content-type']))
    const json = (isJson ? JSON.parse(response.body) : { code: 0, msg: response.body }) as {
      hash?: boolean
      data?: string
      code?: number
    }
    const sealed = json.hash === true && typeof json.data === 'string'
    return {
      status: response.statusCode,
      body: (sealed ? openBody(this.secret, json.data as string) : json) as CallAnswer['body'],
      sealed,
      text: response.body,
      headers: response.headers,
      sent: { headers: request.headers, payload: request.payload },
    }
  }
}
