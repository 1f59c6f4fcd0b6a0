import { describe, expect, it } from 'vitest'
import { moreSearch, moreSource, namedSearch, resultSearch } from './page-params.ts'

describe('namedSearch (/topicList, /subpage/labelPage)', () => {
  it.each([
    { search: { id: '3', name: '海边' }, expected: { id: 3, name: '海边' } },
    { search: { id: 3 }, expected: { id: 3 } },
    { search: { id: '0', name: '' }, expected: {} },
    { search: { id: '-2', name: '  ' }, expected: {} },
    { search: { id: '1.5', name: 12 }, expected: { name: '12' } },
    { search: { id: 'abc', name: ' 夏日  旅行 ' }, expected: { name: '夏日 旅行' } },
    { search: { id: ['1'], name: { a: 1 } }, expected: {} },
    { search: { name: '长'.repeat(80) }, expected: { name: '长'.repeat(50) } },
  ])('$search → $expected', ({ search, expected }) => {
    expect(namedSearch(search)).toEqual(expected)
  })
})

describe('resultSearch (/subpage/result)', () => {
  it.each([
    { search: { keyword: '海边' }, expected: { keyword: '海边' } },
    { search: { keyword: '  海边  旅行 ' }, expected: { keyword: '海边 旅行' } },
    { search: { keyword: 2024 }, expected: { keyword: '2024' } },
    { search: { keyword: '' }, expected: {} },
    { search: { keyword: '   ' }, expected: {} },
    { search: {}, expected: {} },
    { search: { keyword: 'x'.repeat(60) }, expected: { keyword: 'x'.repeat(50) } },
  ])('$search → $expected', ({ search, expected }) => {
    expect(resultSearch(search)).toEqual(expected)
  })
})

describe('moreSearch and moreSource (/subpage/morePage)', () => {
  it.each([
    {
      search: { type: 'topic', id: '4', name: '精选' },
      params: { type: 'topic', id: 4, name: '精选' },
      call: { call: 'media/topic/details', id: 4 },
    },
    {
      search: { type: 'TOPIC', id: 4 },
      params: { type: 'topic', id: 4 },
      call: { call: 'media/topic/details', id: 4 },
    },
    { search: { type: 'topic' }, params: { type: 'topic' }, call: { call: 'media/recommend' } },
    {
      search: { type: 'collect', name: '合集' },
      params: { type: 'collect', name: '合集' },
      call: { call: 'media/collect/home' },
    },
    { search: { type: 'published' }, params: { type: 'published' }, call: { call: 'media/published' } },
    { search: { type: 'recommend' }, params: { type: 'recommend' }, call: { call: 'media/recommend' } },
    { search: { type: 'dating', id: 2 }, params: { id: 2 }, call: { call: 'media/recommend' } },
    { search: {}, params: {}, call: { call: 'media/recommend' } },
  ])('$search → $call.call', ({ search, params, call }) => {
    const parsed = moreSearch(search)
    expect(parsed).toEqual(params)
    expect(moreSource(parsed)).toEqual(call)
  })
})
