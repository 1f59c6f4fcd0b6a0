import { atom } from 'jotai/vanilla'
import type { AppStore } from './store.ts'
import { ApiError, ApiErrorKind, type Api } from './http.ts'

/**
 * Whether the app can reach the network, so it can say it is offline. The browser's
 * own flag and online/offline events are one source; an API call that fails with a network
 * error is the other, since `navigator.onLine` stays true on a captive or dead link. Any
 * answered call or an `online` event flips it back.
 */
const onlineAtom = atom(true)

export const isOfflineAtom = atom((get) => !get(onlineAtom))

/** Call when a request failed for want of a network (not a timeout or an error answer). */
export const markOfflineAtom = atom(null, (_get, set) => set(onlineAtom, false))

/** Call when a request reached the server, whatever it answered. */
export const markOnlineAtom = atom(null, (_get, set) => set(onlineAtom, true))

export interface OnlineSource {
  readonly onLine: boolean
}

/** Follows navigator.onLine and the window's online/offline events; returns the unsubscribe. */
export function trackOnlineStatus(
  store: AppStore,
  source: OnlineSource = navigator,
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  store.set(source.onLine ? markOnlineAtom : markOfflineAtom)
  const handleOnline = () => store.set(markOnlineAtom)
  const handleOffline = () => store.set(markOfflineAtom)
  events.addEventListener('online', handleOnline)
  events.addEventListener('offline', handleOffline)
  return () => {
    events.removeEventListener('online', handleOnline)
    events.removeEventListener('offline', handleOffline)
  }
}

/**
 * The same client, reporting each call's outcome to the online status: a network error marks
 * the app offline, any answer from the server (including error answers) marks it online —
 * unless the browser says it is offline, since then the answer was in flight before the drop.
 */
export function reportingOnlineStatus(api: Api, store: AppStore, source: OnlineSource = navigator): Api {
  const markAnswered = () => {
    if (source.onLine) store.set(markOnlineAtom)
  }
  const report = <T>(promise: Promise<T>): Promise<T> =>
    promise.then(
      (value) => {
        markAnswered()
        return value
      },
      (error: unknown) => {
        if (error instanceof ApiError) {
          if (error.kind === ApiErrorKind.Network) store.set(markOfflineAtom)
          else if (error.kind !== ApiErrorKind.Timeout && error.kind !== ApiErrorKind.Canceled) markAnswered()
        }
        throw error
      },
    )
  return {
    call: (call, ...args) => report(api.call(call, ...args)),
    result: (call, ...args) => report(api.result(call, ...args)),
    signedFetch: (call, request) => report(api.signedFetch(call, request)),
    get clockOffsetSeconds() {
      return api.clockOffsetSeconds
    },
  }
}
