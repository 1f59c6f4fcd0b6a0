import ky, { isTimeoutError, type Options as KyOptions } from 'ky'
import * as v from 'valibot'
import { CALL_PATH_PREFIX, type Call, type RequestOf, type ResponseOf } from '../../core/contracts/call.ts'
import { BUSINESS_MESSAGES, BusinessCode, ResultCode, type ApiResult } from '../../core/protocol/codes.ts'
import type { AsyncProtocolCrypto } from '../../core/protocol/crypto.ts'
import { EnvelopeError, isEnvelope, openAsync, sealAsync } from '../../core/protocol/envelope.ts'
import { signRequestAsync } from '../../core/protocol/sign.ts'
import {
  createApiLines,
  FIRST_LINE_PROBE_MS,
  LINE_FAILURES_BEFORE_MOVING,
  type ApiLines,
} from '../../core/lines/api-lines.ts'
import { t } from './messages.ts'

const DEFAULT_TIMEOUT_MS = 15_000

/** What went wrong, so screens can pick a message and decide whether a retry makes sense. */
export const ApiErrorKind = {
  Network: 'network',
  Timeout: 'timeout',
  Canceled: 'canceled',
  BadRequest: 'bad-request',
  BadResponse: 'bad-response',
  /** A well-formed answer with a code other than 200 (validation, balance, …). */
  Business: 'business',
  SessionInvalid: 'session-invalid',
} as const
export type ApiErrorKind = (typeof ApiErrorKind)[keyof typeof ApiErrorKind]

export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export interface ApiDeps {
  secret: string
  crypto: AsyncProtocolCrypto
  getToken(): string
  getXUserAgent(): string
  /** The stored config's `encryption.request`. */
  shouldSealRequests(): boolean
  /** Code 1000: the session is gone; called once however many calls see it. */
  onSessionInvalid(): void
  /** Milliseconds since the epoch. */
  now(): number
  /** Absolute origin the API lives on, when there is one line; the page's own by default. */
  origin?: string
  /** The API lines to choose among (core/lines/api-lines.ts); one line, `origin`, without them. */
  lines?: ApiLines
  fetch?: typeof fetch
  timeoutMs?: number
}

export interface CallOptions {
  signal?: AbortSignal
}

/** A request outside the envelope (a chunk upload or its GET check), signed like every call. */
export interface SignedRequest {
  method: 'GET' | 'POST'
  /** Query parameters; they are not part of the signature. */
  search?: URLSearchParams
  /** Sent as it is (multipart/form-data), never sealed. */
  body?: FormData
  signal?: AbortSignal
}

/** A call's body, which a call without a request schema leaves out, then the options. */
export type CallArgs<C extends Call> = C['request'] extends undefined
  ? [body?: undefined, options?: CallOptions]
  : [body: RequestOf<C>, options?: CallOptions]

export interface Api {
  /**
   * Sends `call` (core/contracts/calls.ts) and resolves with the `data` of a 200 answer, checked
   * against the call's response schema; any other code rejects with a Business ApiError.
   */
  call<C extends Call>(call: C, ...args: CallArgs<C>): Promise<ResponseOf<C>>
  /** The whole `{code, data, tip, msg}` for any code but 1000, `data` checked when the code is 200. */
  result<C extends Call>(call: C, ...args: CallArgs<C>): Promise<ApiResult<ResponseOf<C> | null>>
  /**
   * Sends `request` to `call`'s path with the signature headers and no envelope, and resolves with
   * the raw response whatever its status, for the chunked uploads. No time-out: a chunk
   * on a slow link takes what it takes; `signal` cancels.
   */
  signedFetch(call: Call, request: SignedRequest): Promise<Response>
  /** Seconds to add to the device clock, learnt from a 4004 answer. */
  readonly clockOffsetSeconds: number
}

/** The message a business code shows: the server's tip or msg, then the catalogue. */
export function businessMessage(result: Pick<ApiResult, 'code' | 'tip' | 'msg'>): string {
  return result.tip || result.msg || BUSINESS_MESSAGES[result.code as BusinessCode] || t.http.failed
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** 502/503/504: a proxy answered for an app that is down, which is no answer from the line. */
const gatewayDown = (response: Response) => response.status > 501 && response.status < 505

function isApiResult(value: unknown): value is ApiResult {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
}

/**
 * The HTTP client of the app (docs/protocol.md): every call signed, POST bodies sealed when the
 * config asks for it, sealed answers opened, one retry with a corrected clock after 4004,
 * and one clear message per failure kind.
 */
export function createApi(deps: ApiDeps): Api {
  let offsetSeconds = 0
  let sessionInvalidReported = false
  const client = ky.create({
    retry: 0,
    timeout: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    throwHttpErrors: false,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  })

  const lines = deps.lines ?? createApiLines({ lines: [deps.origin ?? location.origin] })
  const urlOn = (line: string, path: string) => new URL(line.replace(/\/+$/, '') + path, location.href)

  const signedHeaders = (path: string) =>
    signRequestAsync({
      crypto: deps.crypto,
      secret: deps.secret,
      token: deps.getToken(),
      path,
      xUserAgent: deps.getXUserAgent(),
      now: Math.floor(deps.now() / 1000) + offsetSeconds,
    })

  /**
   * Sends on the line in use. A call that gets no answer (a network error, a time-out, or 502/503/504
   * from a proxy whose app is down) counts against its line. Only an idempotent call is sent again
   * (re-signed): at once after a quick failure, after a time-out only on the line calls moved to;
   * any other may have run on the server, so its failure goes to the screen, which offers retry.
   * Offline, no line is blamed.
   */
  async function send(call: Call, body: unknown, options: CallOptions) {
    for (let attempt = 1; ; attempt++) {
      const line = lines.current()
      let response: Response | undefined
      let failure: unknown
      try {
        response = await sendOn(line, call.name, call.method, body, options)
        if (!gatewayDown(response)) {
          lines.answered(line)
          return response
        }
      } catch (error) {
        const kind = error instanceof ApiError ? error.kind : null
        if ((kind !== ApiErrorKind.Network && kind !== ApiErrorKind.Timeout) || !navigator.onLine) throw error
        failure = error
      }
      const moved = lines.failed(line)
      probeFirstLineLater()
      if (
        !call.idempotent ||
        (!moved && (failure as ApiError | undefined)?.kind === ApiErrorKind.Timeout) ||
        attempt >= LINE_FAILURES_BEFORE_MOVING * lines.count()
      ) {
        if (response) return response
        throw failure
      }
    }
  }

  /** While calls go to another line, ping/check asks the first now and then; its answer brings calls back. */
  let probe: ReturnType<typeof setTimeout> | undefined
  function probeFirstLineLater() {
    if (probe !== undefined || lines.current() === lines.first()) return
    probe = setTimeout(() => {
      const first = lines.first()
      sendOn(first, 'ping/check', 'GET', undefined, {})
        .then(
          (response) => gatewayDown(response) || lines.answered(first),
          () => {},
        )
        .finally(() => {
          probe = undefined
          probeFirstLineLater()
        })
    }, FIRST_LINE_PROBE_MS)
  }
  probeFirstLineLater()

  async function sendOn(line: string, name: string, method: 'GET' | 'POST', body: unknown, options: CallOptions) {
    const path = CALL_PATH_PREFIX + name
    const sealBody = method === 'POST' && deps.shouldSealRequests()
    const [headers, sealed] = await Promise.all([
      signedHeaders(path),
      sealBody ? sealAsync(deps.crypto, deps.secret, body ?? {}) : undefined,
    ])
    const payload = method === 'POST' ? JSON.stringify(sealed ?? body ?? {}) : undefined
    return fetchOrThrow(
      urlOn(line, path).href,
      {
        method,
        headers: payload === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
        body: payload,
      },
      options.signal,
    )
  }

  async function fetchOrThrow(url: string, init: KyOptions, signal: AbortSignal | undefined) {
    try {
      return await client(url, { ...init, signal })
    } catch (error) {
      if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) {
        throw new ApiError(ApiErrorKind.Canceled, t.http.canceled, undefined, { cause: error })
      }
      if (isTimeoutError(error)) throw new ApiError(ApiErrorKind.Timeout, t.http.timeout, undefined, { cause: error })
      // A fetch that never got an answer rejects with a TypeError (offline, DNS, CORS, reset).
      if (error instanceof TypeError) {
        throw new ApiError(ApiErrorKind.Network, t.http.network, undefined, { cause: error })
      }
      throw error
    }
  }

  async function result<C extends Call>(
    call: C,
    ...[body, options = {}]: CallArgs<C>
  ): Promise<ApiResult<ResponseOf<C> | null>> {
    const { method } = call
    for (let attempt = 0; ; attempt++) {
      const response = await send(call, method === 'GET' ? undefined : body, options)
      let text: string
      try {
        text = await response.text()
      } catch (error) {
        if (options.signal?.aborted) throw new ApiError(ApiErrorKind.Canceled, t.http.canceled)
        throw new ApiError(ApiErrorKind.Network, t.http.network, undefined, { cause: error })
      }
      const json = parseJson(text)

      if (!response.ok) {
        const rejection = isApiResult(json) ? json : undefined
        const serverTime = (json as { serverTime?: unknown } | undefined)?.serverTime
        if (rejection?.code === ResultCode.ClockSkew && typeof serverTime === 'number' && attempt === 0) {
          offsetSeconds = serverTime - Math.floor(deps.now() / 1000)
          continue
        }
        // A limit on failed tries (logins, codes) says in its tip how long to wait.
        if (response.status === 429) {
          throw new ApiError(ApiErrorKind.BadRequest, rejection?.tip || t.http.rateLimited, ResultCode.RateLimited)
        }
        if (response.status === 403 && rejection) {
          throw new ApiError(ApiErrorKind.BadRequest, t.http.rejected(rejection.code), rejection.code)
        }
        if (response.status >= 400 && response.status < 500) {
          throw new ApiError(ApiErrorKind.BadRequest, t.http.badRequest(response.status), rejection?.code)
        }
        throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse, rejection?.code)
      }

      let opened: unknown = json
      if (isEnvelope(json)) {
        try {
          opened = await openAsync(deps.crypto, deps.secret, json)
        } catch (error) {
          if (!(error instanceof EnvelopeError)) throw error
          throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse, undefined, { cause: error })
        }
      }
      if (!isApiResult(opened)) throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse)

      if (opened.code === ResultCode.SessionInvalid) {
        if (!sessionInvalidReported) {
          sessionInvalidReported = true
          deps.onSessionInvalid()
        }
        throw new ApiError(ApiErrorKind.SessionInvalid, t.http.sessionExpired, opened.code)
      }
      let data: ResponseOf<C> | null = (opened.data ?? null) as ResponseOf<C> | null
      if (opened.code === ResultCode.Ok) {
        const checked = v.safeParse(call.response, data)
        if (!checked.success) {
          throw new ApiError(ApiErrorKind.BadResponse, t.http.badResponse, undefined, { cause: checked.issues })
        }
        data = checked.output as ResponseOf<C>
      }
      return {
        code: opened.code,
        data,
        tip: typeof opened.tip === 'string' ? opened.tip : '',
        msg: typeof opened.msg === 'string' ? opened.msg : '',
      }
    }
  }

  return {
    result,
    signedFetch: async (call, { method, search, body, signal }) => {
      const path = CALL_PATH_PREFIX + call.name
      const url = urlOn(lines.current(), path)
      if (search) url.search = search.toString()
      return fetchOrThrow(url.href, { method, headers: await signedHeaders(path), body, timeout: false }, signal)
    },
    call: async (call, ...args) => {
      const answer = await result(call, ...args)
      if (answer.code !== ResultCode.Ok) throw new ApiError(ApiErrorKind.Business, businessMessage(answer), answer.code)
      return answer.data as ResponseOf<typeof call>
    },
    get clockOffsetSeconds() {
      return offsetSeconds
    },
  }
}

/** A message for anything a call can throw; never empty. */
/** Whether asking again could answer differently: not when the server said the thing is not there. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError && error.kind === ApiErrorKind.Business && error.code === BusinessCode.NotFound)
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return t.http.failed
}
