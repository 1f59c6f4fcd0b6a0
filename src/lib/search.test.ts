import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { optionalPositiveInt, rankSearch, returnPath, returnSearch, searchWithId } from './search.ts'

describe('optionalPositiveInt', () => {
  it.each([
    [3, 3],
    ['12', 12],
    [' 7 ', 7],
    ['0', undefined],
    ['-2', undefined],
    ['1.5', undefined],
    ['abc', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j → %j', (value, expected) => {
    expect(optionalPositiveInt(value)).toBe(expected)
  })
})

describe('searchWithId in a router', () => {
  async function searchAt(href: string) {
    const rootRoute = createRootRoute()
    const page = createRoute({ getParentRoute: () => rootRoute, path: '/page', validateSearch: searchWithId })
    const router = createRouter({
      routeTree: rootRoute.addChildren([page]),
      history: createMemoryHistory({ initialEntries: [href] }),
    })
    await router.load()
    return router.state.matches.at(-1)!.search as Record<string, unknown>
  }

  it('gives the number for a good id', async () => {
    expect((await searchAt('/page?id=42')).id).toBe(42)
  })

  it.each(['/page?id=abc', '/page?id=-1', '/page'])('lets no raw value through for %s', async (href) => {
    expect((await searchAt(href)).id).toBeUndefined()
  })
})

describe('returnPath', () => {
  it.each([
    '/play/longVideo?id=5',
    '/',
    '/mine/',
    '/subpage/result?keyword=%E6%B5%B7',
    '/play/videoCollection?id=3#top',
    '/subpage/result?keyword=a//b..c',
  ])('keeps the app path %s', (path) => {
    expect(returnPath(path)).toBe(path)
  })

  it.each([
    ['another origin', '//evil.example/x'],
    ['a backslash origin', '/\\evil.example'],
    ['a backslash later', '/play\\x'],
    ['a scheme', 'https://evil.example/'],
    ['javascript', 'javascript:alert(1)'],
    ['a relative path', 'play/longVideo?id=5'],
    ['a tab that URL parsing drops', '/\t/evil.example'],
    ['a newline', '/play\nx'],
    ['a space', '/play x'],
    ['dot segments that resolve to another origin', '/..//evil.example'],
    ['a dot segment', '/mine/./vip'],
    ['a parent segment at the end', '/mine/..'],
    ['an empty segment', '/mine//vip'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(600)}`],
    ['a number', 5],
    ['nothing', undefined],
  ])('refuses %s', (_case, value) => {
    expect(returnPath(value)).toBeUndefined()
  })

  it('returnSearch always names from, undefined when unsafe', () => {
    expect(returnSearch({ from: '/play/longVideo?id=5' })).toEqual({ from: '/play/longVideo?id=5' })
    expect(returnSearch({ from: '//evil.example' })).toEqual({ from: undefined })
    expect(returnSearch({})).toEqual({ from: undefined })
  })

  it('lets no unsafe from through a router', async () => {
    const fromAt = async (href: string) => {
      const rootRoute = createRootRoute()
      const page = createRoute({ getParentRoute: () => rootRoute, path: '/page', validateSearch: returnSearch })
      const router = createRouter({
        routeTree: rootRoute.addChildren([page]),
        history: createMemoryHistory({ initialEntries: [href] }),
      })
      await router.load()
      return (router.state.matches.at(-1)!.search as Record<string, unknown>).from
    }
    expect(await fromAt('/page?from=%2Fplay%2FlongVideo%3Fid%3D5')).toBe('/play/longVideo?id=5')
    expect(await fromAt('/page?from=%2F%2Fevil.example')).toBeUndefined()
    expect(await fromAt('/page?from=https%3A%2F%2Fevil.example')).toBeUndefined()
  })
})

describe('rankSearch', () => {
  it("keeps the contract's periods and orders and drops anything else", () => {
    expect(rankSearch({ period: 'month', by: 'income' })).toEqual({ period: 'month', by: 'income' })
    expect(rankSearch({ period: 'year', by: 3 })).toEqual({ period: undefined, by: undefined })
    expect(rankSearch({})).toEqual({ period: undefined, by: undefined })
  })
})
