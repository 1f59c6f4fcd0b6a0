import { describe, expect, it } from 'vitest'
import { parseLink } from './parse-link.ts'

const none = { id: undefined, index: undefined, name: undefined, token: undefined }

describe('parseLink', () => {
  it.each([
    ['read_xty_video?id=3', 'read_xty_video', { ...none, id: '3' }],
    ['read_xty_home', 'read_xty_home', none],
    ['read_xty_home?index=2', 'read_xty_home', { ...none, index: '2' }],
    ['/topicList?id=1&name=%E7%83%AD%E9%97%A8', '/topicList', { ...none, id: '1', name: '热门' }],
    ['https://a.example/p/q?id=9&token=&x=1#frag', 'https://a.example/p/q', { ...none, id: '9', token: '' }],
    ['https://a.example/p#top', 'https://a.example/p', none],
    ['https://a.example/p#x?id=1', 'https://a.example/p', none],
    ['play/longVideo?id=5', 'play/longVideo', { ...none, id: '5' }],
    ['?id=7', '', { ...none, id: '7' }],
    ['/x?name=a+b%20c', '/x', { ...none, name: 'a b c' }],
    ['/x?name=%E0%A4%A', '/x', { ...none, name: '%E0%A4%A' }],
    ['/x?id=1&id=2', '/x', { ...none, id: '1' }],
    ['/x?id&&name=n', '/x', { ...none, id: '', name: 'n' }],
    ['/x?id=a=b', '/x', { ...none, id: 'a=b' }],
    ['/x?ID=1', '/x', none],
    ['/x?', '/x', none],
    ['  /x?id=1  ', '/x', { ...none, id: '1' }],
    ['', '', none],
  ])('%j', (text, urlParent, query) => {
    const link = parseLink(text)
    expect(link).toEqual({ urlParent, origin: text.trim(), query })
  })

  it('takes missing input as the empty link', () => {
    expect(parseLink(undefined)).toEqual({ urlParent: '', origin: '', query: none })
    expect(parseLink(null)).toEqual({ urlParent: '', origin: '', query: none })
  })
})
