import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import { ApiError, ApiErrorKind } from './http.ts'
import { queryAtoms } from './query-state.ts'

describe('queryAtoms', () => {
  it('loads, keeps the data through a failed refresh, and shows a first failure', async () => {
    const answers: Array<() => Promise<number>> = [
      () => Promise.resolve(1),
      () => Promise.reject(new ApiError(ApiErrorKind.Network, 'offline')),
    ]
    const query = queryAtoms(() => answers.shift()!())
    const store = createStore()
    expect(store.get(query.stateAtom)).toEqual({ status: 'idle' })
    const first = store.set(query.loadAtom)
    expect(store.get(query.stateAtom)).toEqual({ status: 'loading' })
    await first
    expect(store.get(query.stateAtom)).toEqual({ status: 'success', data: 1 })
    await store.set(query.loadAtom)
    expect(store.get(query.stateAtom)).toEqual({ status: 'success', data: 1, refreshing: false })

    const failing = queryAtoms(() => Promise.reject(new ApiError(ApiErrorKind.Timeout, '请求超时')))
    await store.set(failing.loadAtom)
    expect(store.get(failing.stateAtom)).toEqual({ status: 'error', message: '请求超时' })
  })

  it('starts a load only when none has started: once, however often it is asked', async () => {
    let calls = 0
    const query = queryAtoms(() => Promise.resolve(++calls))
    const store = createStore()
    const started = store.set(query.startAtom)
    store.set(query.startAtom) // while loading
    await started
    await store.set(query.startAtom) // after success
    expect(calls).toBe(1)
    expect(store.get(query.stateAtom)).toEqual({ status: 'success', data: 1 })
  })
})
