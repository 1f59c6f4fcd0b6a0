import { describe, expect, it, vi } from 'vitest'
import { DomainType } from '../../../core/contracts/domain.ts'
import type { Api } from '../../lib/http.ts'
import { firstCoverKeys, loadingFirstCovers } from './first-covers.ts'

const IMAGE = { type: DomainType.Image, urls: ['https://img.example'] }
const video = (cover: string) => ({ id: cover, cover })
const HOME = {
  sections: [
    { topic: { id: 1, name: '热门' }, videos: [video('a'), video('b'), video(''), video('c'), video('d')] },
    { topic: { id: 2, name: '风景' }, videos: [video('e')] },
  ],
}

function fakeApi(answers: Record<string, unknown>): Api {
  return {
    clockOffsetSeconds: 7,
    call: vi.fn(async () => ({ code: 200, data: null, tip: '', msg: '' }) as never),
    get: vi.fn(async () => null as never),
    post: vi.fn(async (name: string) => {
      if (!(name in answers)) throw new Error('offline')
      return answers[name] as never
    }),
  }
}

describe('firstCoverKeys', () => {
  it("takes the first section's first covers, skipping empty keys", () => {
    expect(firstCoverKeys(HOME)).toEqual(['a', 'b', 'c'])
    expect(firstCoverKeys(HOME, 1)).toEqual(['a'])
  })

  it.each([null, {}, { sections: [] }, { sections: [{}] }, { sections: 'x' }])('is empty for %j', (answer) => {
    expect(firstCoverKeys(answer)).toEqual([])
  })
})

describe('loadingFirstCovers', () => {
  it("starts the first covers under the config's IMAGE domain as media/home answers, and passes the answer on", async () => {
    const load = vi.fn()
    const api = loadingFirstCovers(fakeApi({ 'media/home': HOME, 'media/recommend': HOME }), {
      domains: () => ({ domain: [IMAGE] }),
      load,
    })
    expect(await api.post('media/recommend', {})).toBe(HOME)
    expect(load).not.toHaveBeenCalled()
    expect(await api.post('media/home', {})).toBe(HOME)
    await Promise.resolve()
    expect(load.mock.calls.map(([url]) => url)).toEqual([
      'https://img.example/a',
      'https://img.example/b',
      'https://img.example/c',
    ])
    expect(api.clockOffsetSeconds).toBe(7)
  })

  it('loads nothing before the config is known or when media/home fails, and passes the failure on', async () => {
    const load = vi.fn()
    const unknown = loadingFirstCovers(fakeApi({ 'media/home': HOME }), { domains: () => null, load })
    await unknown.post('media/home', {})
    const failing = loadingFirstCovers(fakeApi({}), { domains: () => ({ domain: [IMAGE] }), load })
    await expect(failing.post('media/home', {})).rejects.toThrow('offline')
    expect(load).not.toHaveBeenCalled()
  })
})
