import { createRoute } from '@tanstack/react-router'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CreatorCard } from '../../../core/contracts/community.ts'
import type { RankOrder, RankPeriod } from '../../../core/contracts/community-rules.ts'
import { t } from '../../lib/messages-creators.ts'
import { renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { creatorCard } from '../../testing/post-kit.ts'
import { createPagedList } from '../catalogue/public.ts'
import { creatorSearchSource, type CreatorPage } from './api.ts'
import { UpRankScreen } from './up-rank-screen.tsx'

beforeEach(() =>
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  ),
)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const entry = (rank: number, value: number, patch: Partial<CreatorCard> = {}) => ({
  ...creatorCard(rank + 100, { nickname: `榜${rank}` }),
  ...patch,
  rank,
  value,
})

/** The screen as its route wires it, with the tabs in state rather than the URL. */
function Wired() {
  const [search, setSearch] = useState<{ period: RankPeriod; by: RankOrder }>({ period: 'week', by: 'followers' })
  return (
    <UpRankScreen
      period={search.period}
      by={search.by}
      onChange={setSearch}
      config={null}
      searchList={(keyword) => {
        const source = creatorSearchSource(keyword)
        return createPagedList<CreatorCard, CreatorPage>(source.key, source.fetchPage)
      }}
    />
  )
}

function renderRank(post: Post) {
  const { store, post: postMock } = storeWithFakeApi(post)
  const router = renderRoutes(store, '/subpage/upRank', (root) => [
    createRoute({ getParentRoute: () => root, path: '/subpage/upRank', component: Wired }),
    createRoute({ getParentRoute: () => root, path: '/subpage/userInfo', component: () => <p>creator page</p> }),
  ])
  return { post: postMock, router }
}

describe('UpRankScreen', () => {
  it('shows the ranking with a gold, silver and bronze disc for the top 3, and changes period and order by tabs (keyboard too)', async () => {
    const { post } = renderRank(async (name, body) => {
      if (name !== 'upblogers/list') return null
      if (body.by === 'income') return { items: [entry(1, 123_456)] }
      return { items: [entry(1, 20_000), entry(2, 300), entry(3, 20), entry(4, 1, { followed: true })] }
    })
    const list = await screen.findByRole('list')
    expect(post).toHaveBeenCalledWith('upblogers/list', { period: 'week', by: 'followers' })
    const rows = within(list).getAllByRole('listitem')
    expect(within(rows[0]!).getByRole('img', { name: t.creators.rank(1) }).className).toContain('rank--1')
    expect(within(rows[2]!).getByRole('img', { name: t.creators.rank(3) }).className).toContain('rank--3')
    expect(within(rows[3]!).getByRole('img', { name: t.creators.rank(4) }).textContent).toBe('4')
    expect(within(rows[0]!).getByText(t.creators.value.followers('2W'))).toBeTruthy()
    expect(within(rows[3]!).getByRole('button', { name: t.creators.unfollowName('榜4') })).toBeTruthy()
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/subpage/userInfo?id=101')

    const month = screen.getByRole('tab', { name: t.creators.periods.month })
    fireEvent.click(month)
    await waitFor(() => expect(post).toHaveBeenCalledWith('upblogers/list', { period: 'month', by: 'followers' }))
    expect(month.getAttribute('aria-selected')).toBe('true')

    const followers = screen.getByRole('tab', { name: t.creators.orders.followers })
    fireEvent.keyDown(followers, { key: 'End' })
    await waitFor(() => expect(post).toHaveBeenCalledWith('upblogers/list', { period: 'month', by: 'income' }))
    expect(await screen.findByText(t.creators.value.income('1234.56'))).toBeTruthy()
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toContain('income')
  })

  it('follows a ranked creator', async () => {
    const { post } = renderRank(async (name, body) =>
      name === 'upblogers/list' ? { items: [entry(1, 5)] } : { followed: body.follow, followers: 1 },
    )
    fireEvent.click(await screen.findByRole('button', { name: t.creators.followName('榜1') }))
    expect(await screen.findByRole('button', { name: t.creators.unfollowName('榜1') })).toBeTruthy()
    expect(post).toHaveBeenCalledWith('upblogers/cares', { id: 101, follow: true })
  })

  it('shows a failed ranking with a retry, and an empty one', async () => {
    let calls = 0
    renderRank(async () => {
      calls++
      if (calls === 1) throw new Error('down')
      return { items: [] }
    })
    fireEvent.click(await screen.findByRole('button', { name: t.common.retry }))
    expect(await screen.findByText(t.creators.emptyRank)).toBeTruthy()
  })

  it('searches creators by nickname and goes back to the ranking', async () => {
    const { post } = renderRank(async (name, body) => {
      if (name === 'upblogers/list') return { items: [entry(1, 5)] }
      if (name === 'user/list')
        return body.keyword === '影' ? { items: [creatorCard(7, { nickname: '影评人' })], nextCursor: null } : null
      return null
    })
    await screen.findByRole('tabpanel')
    const box = screen.getByRole('searchbox', { name: t.creators.search })
    fireEvent.change(box, { target: { value: '  影 ' } })
    fireEvent.submit(screen.getByRole('search'))
    expect(await screen.findByText('影评人')).toBeTruthy()
    expect(post).toHaveBeenCalledWith('user/list', { keyword: '影' })
    expect(screen.getByRole('heading', { name: t.creators.searchResults('影') })).toBeTruthy()
    expect(screen.queryByRole('tablist')).toBeNull()

    fireEvent.change(box, { target: { value: '一二三四五六七八九十一二三四五六七' } })
    fireEvent.submit(screen.getByRole('search'))
    expect(screen.getByRole('alert').textContent).toBe(t.creators.searchTooLong(16))

    fireEvent.click(screen.getByRole('button', { name: t.creators.backToRank }))
    expect(await screen.findByText('榜1')).toBeTruthy()
  })
})
