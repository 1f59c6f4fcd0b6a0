import { describe, expect, it, vi } from 'vitest'
import type { Api } from './http.ts'
import { primingCalls } from './primed-calls.ts'

function countingApi(answer: (name: string, call: number) => Promise<unknown>) {
  let calls = 0
  const post = vi.fn((name: string) => answer(name, ++calls))
  const api: Api = {
    clockOffsetSeconds: 3,
    call: vi.fn(async () => ({ code: 200, data: null, tip: '', msg: '' }) as never),
    get: vi.fn(async () => null as never),
    post: post as Api['post'],
  }
  return { api, post }
}

describe('primingCalls', () => {
  it('answers the first matching POST with the primed answer, and later ones from the network', async () => {
    const { api, post } = countingApi(async (name, call) => ({ name, call }))
    const priming = primingCalls(api)
    const primed = priming.prime('media/home', {})
    expect(priming.prime('media/home', {})).toBe(primed)
    expect(post).toHaveBeenCalledTimes(1)
    expect(await primed).toEqual({ name: 'media/home', call: 1 })

    expect(await priming.post('media/home', {})).toEqual({ name: 'media/home', call: 1 })
    expect(post).toHaveBeenCalledTimes(1)
    expect(await priming.post('media/home', {})).toEqual({ name: 'media/home', call: 2 })
  })

  it('matches on the name and the body', async () => {
    const { api, post } = countingApi(async (name, call) => ({ name, call }))
    const priming = primingCalls(api)
    priming.prime('media/recommend', {})
    expect(await priming.post('media/recommend', { cursor: 'x' })).toEqual({ name: 'media/recommend', call: 2 })
    expect(await priming.post('media/home', {})).toEqual({ name: 'media/home', call: 3 })
    expect(await priming.post('media/recommend', {})).toEqual({ name: 'media/recommend', call: 1 })
    expect(post).toHaveBeenCalledTimes(3)
  })

  it('drops a primed answer that failed, so the later call asks afresh', async () => {
    const { api } = countingApi(async (_name, call) => {
      if (call === 1) throw new Error('offline')
      return { call }
    })
    const priming = primingCalls(api)
    priming.prime('media/home', {})
    await Promise.resolve()
    await Promise.resolve()
    expect(await priming.post('media/home', {})).toEqual({ call: 2 })
  })

  it('passes everything else through', async () => {
    const { api } = countingApi(async () => null)
    const priming = primingCalls(api)
    await priming.get('ping/config')
    await priming.call('user/info', {})
    expect(api.get).toHaveBeenCalledWith('ping/config')
    expect(api.call).toHaveBeenCalledWith('user/info', {})
    expect(priming.clockOffsetSeconds).toBe(3)
  })
})
