import { callKey } from '../../core/contracts/call-key.ts'
import type { Call, ResponseOf } from '../../core/contracts/call.ts'
import type { Api, CallArgs } from './http.ts'

/** A call with its body: what the first visit asks for ahead of the screen that reads it. */
export interface AnyCallRequest {
  call: Call
  body: unknown
}

export interface PrimingApi extends Api {
  /**
   * Sends `request` now, for code that will send the same later: its `call` takes this answer
   * instead of going out again. Each primed answer is taken once; a failed one is dropped, so the
   * later call asks afresh. Returns the answer, for code that wants it sooner.
   */
  prime<C extends Call>(request: { call: C; body: unknown }): Promise<ResponseOf<C>>
}

/**
 * The api with answers asked for ahead of the code that reads them: a first visit to home asks
 * for home's data the moment the session is ready, while the page's code is still downloading
 * (main.ts), and the lists take those answers when they mount. A primed answer is matched by the
 * same key as the offline reads: the call's name and its body.
 */
export function primingCalls(api: Api): PrimingApi {
  const primed = new Map<string, Promise<unknown>>()
  return {
    prime({ call, body }) {
      const key = callKey(call.name, body)
      const asked = primed.get(key)
      if (asked) return asked as Promise<ResponseOf<typeof call>>
      const answer = api.call(call, ...([body] as CallArgs<typeof call>))
      primed.set(key, answer)
      answer.catch(() => {
        if (primed.get(key) === answer) primed.delete(key)
      })
      return answer
    },
    call: (call, ...args) => {
      // After the first visit nothing is primed: no key to build for every later call.
      if (primed.size === 0) return api.call(call, ...args)
      const key = callKey(call.name, args[0])
      const answer = primed.get(key)
      if (answer === undefined) return api.call(call, ...args)
      primed.delete(key)
      return answer as Promise<ResponseOf<typeof call>>
    },
    result: (...args) => api.result(...args),
    signedFetch: (...args) => api.signedFetch(...args),
    get clockOffsetSeconds() {
      return api.clockOffsetSeconds
    },
  }
}
