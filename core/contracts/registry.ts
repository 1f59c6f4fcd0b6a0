import type { Call } from './call.ts'
import * as calls from './calls.ts'

/** Every call entry, for the server (which must answer each) and the tests. */
export const CALLS: readonly Call[] = Object.values(calls)

/** The entry named `name`, or undefined. */
export function callNamed(name: string): Call | undefined {
  return CALLS.find((call) => call.name === name)
}
