import type { Api, CallOptions } from './http.ts'

export interface PrimingApi extends Api {
  /**
   * Asks for `name` with `body` now, for code that will ask for the same later: its POST takes
   * this answer instead of going out again. Each primed answer is taken once; a failed one is
   * dropped, so the later call asks afresh. Returns the answer, for code that wants it sooner.
   */
  prime(name: string, body: unknown): Promise<unknown>
}

const keyOf = (name: string, body: unknown) => `${name}\n${JSON.stringify(body ?? null)}`

/**
 * The api with answers asked for ahead of the code that reads them: a first visit to home asks
 * for home's data the moment the session is ready, while the page's code is still downloading
 * (main.ts), and the lists take those answers when they mount.
 */
export function primingCalls(api: Api): PrimingApi {
  const primed = new Map<string, Promise<unknown>>()
  return {
    prime(name, body) {
      const key = keyOf(name, body)
      const asked = primed.get(key)
      if (asked) return asked
      const answer = api.post<unknown>(name, body)
      primed.set(key, answer)
      answer.catch(() => {
        if (primed.get(key) === answer) primed.delete(key)
      })
      return answer
    },
    post: <T>(name: string, body?: unknown, options?: CallOptions) => {
      const key = keyOf(name, body)
      const answer = primed.get(key)
      if (answer === undefined) return api.post<T>(name, body, options)
      primed.delete(key)
      return answer as Promise<T>
    },
    call: (...args) => api.call(...args),
    get: (...args) => api.get(...args),
    get clockOffsetSeconds() {
      return api.clockOffsetSeconds
    },
  }
}
