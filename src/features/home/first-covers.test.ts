import { describe, expect, it, vi } from 'vitest'
import { DomainType } from '../../../core/contracts/domain.ts'
import { firstCoverKeys, loadFirstCovers } from './first-covers.ts'

const IMAGE = { type: DomainType.Image, urls: ['https://img.example'] }
const video = (cover: string) => ({ id: cover, cover })
const HOME = {
  sections: [
    { topic: { id: 1, name: '热门' }, videos: [video('a'), video('b'), video(''), video('c'), video('d')] },
    { topic: { id: 2, name: '风景' }, videos: [video('e')] },
  ],
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

describe('loadFirstCovers', () => {
  it("starts the first covers of a media/home answer under the config's IMAGE domain", () => {
    const load = vi.fn()
    loadFirstCovers(HOME, { domains: () => ({ domain: [IMAGE] }), load })
    expect(load.mock.calls.map(([url]) => url)).toEqual([
      'https://img.example/a',
      'https://img.example/b',
      'https://img.example/c',
    ])
  })

  it('loads nothing before the config is known or for an answer without sections', () => {
    const load = vi.fn()
    loadFirstCovers(HOME, { domains: () => null, load })
    loadFirstCovers({}, { domains: () => ({ domain: [IMAGE] }), load })
    expect(load).not.toHaveBeenCalled()
  })
})
