import { mediaHome, mediaRecommend, pingConfig } from '../../core/contracts/calls.ts'
import { describe, expect, it, vi } from 'vitest'
import { ApiError, ApiErrorKind, type Api } from './http.ts'
import { isOfflineAtom, markOfflineAtom, reportingOnlineStatus, trackOnlineStatus } from './online-status.ts'
import { createAppStore } from './store.ts'

describe('trackOnlineStatus', () => {
  it('starts from navigator.onLine and follows the online/offline events until unsubscribed', () => {
    const store = createAppStore()
    const events = new EventTarget()
    const stop = trackOnlineStatus(store, { onLine: false }, events)
    expect(store.get(isOfflineAtom)).toBe(true)
    events.dispatchEvent(new Event('online'))
    expect(store.get(isOfflineAtom)).toBe(false)
    events.dispatchEvent(new Event('offline'))
    expect(store.get(isOfflineAtom)).toBe(true)
    stop()
    events.dispatchEvent(new Event('online'))
    expect(store.get(isOfflineAtom)).toBe(true)
  })

  it('is online when the browser says so', () => {
    const store = createAppStore()
    store.set(markOfflineAtom)
    trackOnlineStatus(store, { onLine: true }, new EventTarget())
    expect(store.get(isOfflineAtom)).toBe(false)
  })
})

function fakeApi(outcome: () => Promise<unknown>): Api {
  return {
    call: vi.fn(outcome),
    result: vi.fn(outcome),
    clockOffsetSeconds: 42,
  } as unknown as Api
}

describe('reportingOnlineStatus', () => {
  it('marks the app offline on a network error and passes the error on', async () => {
    const store = createAppStore()
    const error = new ApiError(ApiErrorKind.Network, 'network')
    const api = reportingOnlineStatus(
      fakeApi(() => Promise.reject(error)),
      store,
      { onLine: true },
    )
    await expect(api.call(mediaRecommend, { cursor: 'p1' })).rejects.toBe(error)
    expect(store.get(isOfflineAtom)).toBe(true)
  })

  it('marks it online again when the server answers, even with an error answer', async () => {
    const store = createAppStore()
    store.set(markOfflineAtom)
    const api = reportingOnlineStatus(
      fakeApi(() => Promise.reject(new ApiError(ApiErrorKind.Business, 'no', 3001))),
      store,
      { onLine: true },
    )
    await expect(api.result(mediaHome)).rejects.toBeInstanceOf(ApiError)
    expect(store.get(isOfflineAtom)).toBe(false)
    store.set(markOfflineAtom)
    const ok = reportingOnlineStatus(
      fakeApi(() => Promise.resolve({ fine: true })),
      store,
      { onLine: true },
    )
    await expect(ok.call(pingConfig)).resolves.toEqual({ fine: true })
    expect(store.get(isOfflineAtom)).toBe(false)
  })

  it('stays offline when an answer in flight before the browser went offline arrives after', async () => {
    const store = createAppStore()
    store.set(markOfflineAtom)
    const api = reportingOnlineStatus(
      fakeApi(() => Promise.resolve({ late: true })),
      store,
      { onLine: false },
    )
    await expect(api.call(pingConfig)).resolves.toEqual({ late: true })
    expect(store.get(isOfflineAtom)).toBe(true)
  })

  it('leaves the status alone on a time-out or a cancel, and forwards arguments and the clock offset', async () => {
    const store = createAppStore()
    store.set(markOfflineAtom)
    const inner = fakeApi(() => Promise.reject(new ApiError(ApiErrorKind.Timeout, 'slow')))
    const api = reportingOnlineStatus(inner, store, { onLine: true })
    await expect(api.call(mediaRecommend, { cursor: 'p2' })).rejects.toBeInstanceOf(ApiError)
    expect(store.get(isOfflineAtom)).toBe(true)
    expect(inner.call).toHaveBeenCalledWith(mediaRecommend, { cursor: 'p2' })
    expect(api.clockOffsetSeconds).toBe(42)
  })
})
