import * as v from 'valibot'

/**
 * A call of the API: one entry per name, shared by the server (which registers its handler
 * against the entry) and the app (which sends through it). The entries live in calls.ts.
 */

/** The server module that answers a call: its code is in server/modules/<module>/. */
export type ServerModule =
  | 'accounts'
  | 'ads'
  | 'catalogue'
  | 'community'
  | 'invitations'
  | 'messages'
  | 'payments'
  | 'ping'
  | 'search'
  | 'support'
  | 'uploads'
  | 'wallet'
  | 'watching'
  | 'welfare'

type Schema = v.GenericSchema

/**
 * How a call's input travels. `json`: a JSON body (sealed or plain). `multipart`: a chunk of
 * simple-uploader's protocol: POST multipart/form-data with the parameters as fields and the
 * chunk as the `file` part, and GET with the same parameters in the query asking whether that
 * chunk is already there (server/modules/uploads/README.md).
 */
export type CallTransport = 'json' | 'multipart'

/** What a multipart call's handler receives besides its parsed parameters. */
export interface ChunkPart {
  /** The chunk's bytes; null for the GET check, which asks whether the chunk is there. */
  chunk: Uint8Array | null
}

/** Every call's path begins so: `/api/app/login/guest`. */
export const CALL_PATH_PREFIX = '/api/app/'

export interface Call<
  Name extends string = string,
  Request extends Schema | undefined = Schema | undefined,
  Response extends Schema = Schema,
  Secured extends boolean = boolean,
  Transport extends CallTransport = CallTransport,
> {
  /** Path under /api/app/, e.g. `login/guest`. */
  name: Name
  /** GET calls carry no body. */
  method: 'GET' | 'POST'
  transport: Transport
  /** Secured calls answer 1000 without a valid session. */
  secured: Secured
  module: ServerModule
  /** What the body must be; absent when the call takes none. */
  request: Request
  /** What `data` is in a 200 answer. */
  response: Response
  /**
   * Whether sending the call twice does no harm, so the app may send it again after getting no
   * answer (a network error does not prove the server never ran it). GET calls always are.
   */
  idempotent: boolean
}

/** The body the app sends (defaults may be left out). */
export type RequestOf<C extends Call> = C['request'] extends Schema ? v.InferInput<C['request']> : void
/** The body the server's handler receives (defaults applied), with the chunk of a multipart call. */
export type InputOf<C extends Call> = C['request'] extends Schema
  ? v.InferOutput<C['request']> & (C['transport'] extends 'multipart' ? ChunkPart : unknown)
  : undefined
export type ResponseOf<C extends Call> = v.InferOutput<C['response']>

/** Entries are plain data: unused ones are dropped from the app's bundle. */
// @__NO_SIDE_EFFECTS__
export function defineCall<
  const Name extends string,
  Response extends Schema,
  Secured extends boolean,
  Request extends Schema | undefined = undefined,
  Transport extends CallTransport = 'json',
>(entry: {
  name: Name
  method?: 'GET' | 'POST'
  transport?: Transport
  secured: Secured
  module: ServerModule
  request?: Request
  response: Response
  /** Only reads (or harmless repeats): a POST call is sent once unless marked so. */
  idempotent?: true
}): Call<Name, Request, Response, Secured, Transport> {
  return {
    method: 'POST',
    transport: 'json' as Transport,
    request: undefined as Request,
    idempotent: entry.method == 'GET',
    ...entry,
  }
}

/** "field: reason" for the first problem, e.g. `devID: devID is required`: what a 4000 answer says. */
export function describeIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0]
  if (!issue) return 'body: invalid'
  return `${v.getDotPath(issue) ?? 'body'}: ${issue.message}`
}

/** An answer that carries no data. */
export const NoData = v.null()
