import type { Call } from './call.ts'
import * as calls from './calls.ts'
import * as communityCalls from './calls-community.ts'
import * as messageCalls from './calls-messages.ts'
import * as paymentCalls from './calls-payments.ts'
import * as supportCalls from './calls-support.ts'
import * as welfareCalls from './calls-welfare.ts'

/**
 * Every call entry, for the server (which must answer each) and the tests. The entries live in
 * calls.ts and, for areas only lazy pages use, in calls-<area>.ts: a module goes whole into one
 * chunk, so an area's entries and their schemas stay out of the first visit's script.
 */
export const CALLS: readonly Call[] = [
  ...Object.values(calls),
  ...Object.values(paymentCalls),
  ...Object.values(communityCalls),
  ...Object.values(welfareCalls),
  ...Object.values(messageCalls),
  ...Object.values(supportCalls),
]
