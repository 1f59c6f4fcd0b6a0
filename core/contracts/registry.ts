import type { Call } from './call.ts'
import * as calls from './calls.ts'

/** Every call entry, for the server (which must answer each) and the tests. */
export const CALLS: readonly Call[] = Object.values(calls)
