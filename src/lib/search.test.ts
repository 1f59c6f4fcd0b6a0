import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { optionalPositiveInt, searchWithId } from './search.ts'

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
