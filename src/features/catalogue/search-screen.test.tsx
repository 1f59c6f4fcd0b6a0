import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-browse.ts'
import { SEARCH_HISTORY_KEY } from './search-history.ts'
import { SearchScreen } from './search-screen.tsx'
import { card, EndInReach, renderScreens } from './testing.tsx'

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', EndInReach)
  localStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderSearch() {
  return renderScreens(
    [
      { path: '/subpage/search', component: () => <SearchScreen config={null} /> },
      { path: '/subpage/result', component: () => <p>results</p> },
    ],
    '/subpage/search',
    async (name) =>
      name === 'media/hotSearchs/list'
        ? { items: [{ keyword: '海边', count: 3 }] }
        : { items: [card(1, { title: '热门一' })], nextCursor: null },
  )
}

describe('SearchScreen', () => {
  it('shows the history, hot keywords and hot videos; a submit goes to the results and is remembered', async () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['城市', '旅行']))
    const { router } = renderSearch()
    const history = await screen.findByRole('list', { name: t.browse.history })
    expect(
      within(history)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['城市', '旅行'])
    expect(await screen.findByRole('link', { name: '海边' })).toBeTruthy()
    expect(await screen.findByRole('heading', { name: '热门一' })).toBeTruthy()

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '旅行' } })
    fireEvent.submit(screen.getByRole('search'))
    await screen.findByText('results')
    expect(router.state.location.search).toEqual({ keyword: '旅行' })
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY)!)).toEqual(['旅行', '城市'])
  })

  it('clears the history only after confirming', async () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['城市']))
    renderSearch()
    fireEvent.click(await screen.findByRole('button', { name: t.browse.clearHistoryLabel }))
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.browse.cancel }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.getByRole('list', { name: t.browse.history })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: t.browse.clearHistoryLabel }))
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.browse.confirm }))
    expect(screen.queryByRole('list', { name: t.browse.history })).toBeNull()
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull()
  })

  it('the clear button empties the input', async () => {
    renderSearch()
    const input = (await screen.findByRole('searchbox')) as HTMLInputElement
    fireEvent.change(input, { target: { value: '海' } })
    fireEvent.click(screen.getByRole('button', { name: t.browse.clear }))
    expect(input.value).toBe('')
    expect(screen.queryByRole('button', { name: t.browse.clear })).toBeNull()
  })
})
