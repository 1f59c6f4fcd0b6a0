import * as v from 'valibot'

/**
 * A call of the API: one entry per name, shared by the server (which registers its handler
 * against the entry) and the app (which sends through it). The entries live in calls.ts.
 */

/** The server module that answers a call: its code is in server/modules/<module>/. */
export type ServerModule = 'accounts' | 'ads' | 'catalogue' | 'ping' | 'search' | 'uploads' | 'wallet' | 'watching'

type Schema = v.GenericSchema

/** Every call's path begins so: `/api/app/login/guest`. */
export const CALL_PATH_PREFIX = '/api/app/'

export interface Call<
  Name extends string = string,
  Request extends Schema | undefined = Schema | undefined,
  Response extends Schema = Schema,
  Secured extends boolean = boolean,
> {
  /** Path under /api/app/, e.g. `login/guest`. */
  name: Name
  /** GET calls carry no body. */
  method: 'GET' | 'POST'
  /** Secured calls answer 1000 without a valid session. */
  secured: Secured
  module: ServerModule
  /** What the body must be; absent when the call takes none. */
  request: Request
  /** What `data` is in a 200 answer. */
  response: Response
}

/** The body the app sends (defaults may be left out). */
export type RequestOf<C extends Call> = C['request'] extends Schema ? v.InferInput<C['request']> : void
/** The body the server's handler receives (defaults applied). */
export type InputOf<C extends Call> = C['request'] extends Schema ? v.InferOutput<C['request']> : undefined
export type ResponseOf<C extends Call> = v.InferOutput<C['response']>

/** Entries are plain data: unused ones are dropped from the app's bundle. */
// @__NO_SIDE_EFFECTS__
export function defineCall<
  const Name extends string,
  Response extends Schema,
  Secured extends boolean,
  Request extends Schema | undefined = undefined,
>(entry: {
  name: Name
  method?: 'GET' | 'POST'
  secured: Secured
  module: ServerModule
  request?: Request
  response: Response
}): Call<Name, Request, Response, Secured> {
  return { method: 'POST', request: undefined as Request, ...entry }
}

/** "field: reason" for the first problem, e.g. `devID: devID is required`: what a 4000 answer says. */
export function describeIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0]
  if (!issue) return 'body: invalid'
  return `${v.getDotPath(issue) ?? 'body'}: ${issue.message}`
}

/** An answer that carries no data. */
export const NoData = v.null()
