import { useSearch } from '@tanstack/react-router'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-browse.ts'
import { markOfflineAtom } from '../../lib/online-status.ts'
import { resultSearch } from './page-params.ts'
import { ResultScreen } from './result-screen.tsx'
import { SEARCH_HISTORY_KEY } from './search-history.ts'
import { card, EndInReach, renderScreens, type Post } from './testing.tsx'

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', EndInReach)
  localStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function ResultRoute() {
  const { keyword } = resultSearch(useSearch({ strict: false }))
  return <ResultScreen keyword={keyword} config={null} />
}

function renderResult(url: string, post: Post) {
  return renderScreens([{ path: '/subpage/result', validateSearch: resultSearch, component: ResultRoute }], url, post)
}

const hot = {
  items: [
    { keyword: '海边', count: 9 },
    { keyword: '城市', count: 4 },
  ],
}

describe('ResultScreen', () => {
  it('says nothing was found and suggests the hot keywords, as links to their results', async () => {
    const { post } = renderResult('/subpage/result?keyword=%E6%B2%A1%E6%9C%89', async (name) =>
      name === 'media/hotSearchs/list' ? hot : { items: [], nextCursor: null },
    )
    expect(await screen.findByText(t.browse.noResults)).toBeTruthy()
    const suggestions = await screen.findAllByRole('link')
    expect(suggestions.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['1海边', `/subpage/result?keyword=${encodeURIComponent('海边')}`],
      ['2城市', `/subpage/result?keyword=${encodeURIComponent('城市')}`],
    ])
    expect(post).toHaveBeenCalledWith('search/details', { keyword: '没有' })
    expect(screen.queryByText(t.common.noMore)).toBeNull()
  })

  it('shows the matches page after page, their tags as links to the tag pages, then 没有更多了', async () => {
    const { post } = renderResult(`/subpage/result?keyword=${encodeURIComponent('海边')}`, async (name, body) => {
      if (name !== 'search/details') throw new Error(name)
      return body.cursor === undefined
        ? { items: [card(1, { title: '夏日海边的旅行', tags: [{ id: 7, name: '旅行' }] })], nextCursor: 'n1' }
        : { items: [card(2, { title: '海边日落' })], nextCursor: null }
    })
    expect(await screen.findByText(t.common.noMore)).toBeTruthy()
    const grid = screen.getByRole('list', { name: t.browse.resultsFor('海边') })
    expect(
      within(grid)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['夏日海边的旅行', '海边日落'])
    expect(screen.getByRole('link', { name: '#旅行' }).getAttribute('href')).toBe(
      `/subpage/labelPage?id=7&name=${encodeURIComponent('旅行')}`,
    )
    expect(post.mock.calls.map(([name, body]) => [name, body])).toEqual([
      ['search/details', { keyword: '海边' }],
      ['search/details', { keyword: '海边', cursor: 'n1' }],
    ])
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('海边')
  })

  it('refines: a new keyword goes to its results and into the history', async () => {
    const { router } = renderResult(`/subpage/result?keyword=a`, async (name, body) =>
      name === 'search/details' ? { items: [card(body.keyword === 'a' ? 1 : 2)], nextCursor: null } : hot,
    )
    const input = (await screen.findByRole('searchbox')) as HTMLInputElement
    fireEvent.change(input, { target: { value: '  夏日  ' } })
    fireEvent.submit(screen.getByRole('search'))
    expect(await screen.findByRole('heading', { name: '视频2' })).toBeTruthy()
    expect(router.state.location.search).toEqual({ keyword: '夏日' })
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY)!)).toEqual(['夏日'])
  })

  it('offline, a search says it needs the network and goes nowhere', async () => {
    const { store, router } = renderResult(`/subpage/result?keyword=a`, async () => ({
      items: [card(1)],
      nextCursor: null,
    }))
    await screen.findByRole('heading', { name: '视频1' })
    store.set(markOfflineAtom)
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '海边' } })
    fireEvent.submit(screen.getByRole('search'))
    expect((await screen.findByRole('alert')).textContent).toBe(t.browse.needsNetwork)
    expect(router.state.location.search).toEqual({ keyword: 'a' })
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull()
  })

  it('an empty keyword is not searched', async () => {
    const { post, router } = renderResult('/subpage/result', async () => hot)
    fireEvent.submit(await screen.findByRole('search'))
    expect((await screen.findByRole('alert')).textContent).toBe(t.browse.keywordRequired)
    expect(router.state.location.search).toEqual({})
    expect(post.mock.calls.map(([name]) => name)).toEqual(['media/hotSearchs/list'])
  })
})
