import { describe, expect, it, vi } from 'vitest'
import type { Call } from '../../core/contracts/call.ts'
import { mediaHome, mediaRecommend, pingConfig, uploadImg, userInfo } from '../../core/contracts/calls.ts'
import type { Api } from './http.ts'
import { primingCalls } from './primed-calls.ts'

function countingApi(answer: (name: string, call: number) => Promise<unknown>) {
  let calls = 0
  const call = vi.fn((entry: Call) => answer(entry.name, ++calls))
  const api: Api = {
    clockOffsetSeconds: 3,
    call: call as unknown as Api['call'],
    result: vi.fn(async () => ({ code: 200, data: null, tip: '', msg: '' }) as never),
    signedFetch: vi.fn(async () => new Response(null, { status: 204 })),
  }
  return { api, call }
}

const home = { call: mediaHome, body: undefined }
const recommend = { call: mediaRecommend, body: {} }

describe('primingCalls', () => {
  it('answers the first matching call with the primed answer, and later ones from the network', async () => {
    const { api, call } = countingApi(async (name, count) => ({ name, count }))
    const priming = primingCalls(api)
    const primed = priming.prime(home)
    expect(priming.prime(home)).toBe(primed)
    expect(call).toHaveBeenCalledTimes(1)
    expect(await primed).toEqual({ name: 'media/home', count: 1 })

    expect(await priming.call(mediaHome)).toEqual({ name: 'media/home', count: 1 })
    expect(call).toHaveBeenCalledTimes(1)
    expect(await priming.call(mediaHome)).toEqual({ name: 'media/home', count: 2 })
  })

  it('matches on the call and the body', async () => {
    const { api, call } = countingApi(async (name, count) => ({ name, count }))
    const priming = primingCalls(api)
    priming.prime(recommend)
    expect(await priming.call(mediaRecommend, { cursor: 'x' })).toEqual({ name: 'media/recommend', count: 2 })
    expect(await priming.call(mediaHome)).toEqual({ name: 'media/home', count: 3 })
    expect(await priming.call(mediaRecommend, {})).toEqual({ name: 'media/recommend', count: 1 })
    expect(call).toHaveBeenCalledTimes(3)
  })

  it('drops a primed answer that failed, so the later call asks afresh', async () => {
    const { api } = countingApi(async (_name, count) => {
      if (count === 1) throw new Error('offline')
      return { count }
    })
    const priming = primingCalls(api)
    priming.prime(home).catch(() => {})
    await Promise.resolve()
    await Promise.resolve()
    expect(await priming.call(mediaHome)).toEqual({ count: 2 })
  })

  it('passes everything else through', async () => {
    const { api, call } = countingApi(async () => null)
    const priming = primingCalls(api)
    await priming.call(pingConfig)
    await priming.result(userInfo, {})
    expect(call).toHaveBeenCalledWith(pingConfig)
    expect(api.result).toHaveBeenCalledWith(userInfo, {})
    const check = { method: 'GET', search: new URLSearchParams('chunkNumber=1') } as const
    expect((await priming.signedFetch(uploadImg, check)).status).toBe(204)
    expect(api.signedFetch).toHaveBeenCalledWith(uploadImg, check)
    expect(priming.clockOffsetSeconds).toBe(3)
  })
})
