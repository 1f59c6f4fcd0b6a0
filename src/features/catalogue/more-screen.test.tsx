import { useSearch } from '@tanstack/react-router'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-browse.ts'
import { MoreScreen } from './more-screen.tsx'
import { moreSearch } from './page-params.ts'
import { card, EndInReach, renderScreens } from './testing.tsx'

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', EndInReach)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function MoreRoute() {
  return <MoreScreen search={moreSearch(useSearch({ strict: false }))} config={null} />
}

const collection = {
  id: 5,
  name: '海边合集',
  cover: 'c/5.jpg',
  coverWidth: 3,
  coverHeight: 4,
  videoCount: 12,
  price: 0,
}

function renderMore(url: string) {
  return renderScreens(
    [{ path: '/subpage/morePage', validateSearch: moreSearch, component: MoreRoute }],
    url,
    async (name) =>
      name === 'media/collect/home'
        ? { items: [collection], nextCursor: null }
        : name === 'media/topic/details'
          ? {
              topic: { id: 4, name: '精选', description: '', cover: '', videoCount: 1 },
              items: [card(1)],
              nextCursor: null,
            }
          : { items: [card(2)], nextCursor: null },
  )
}

describe('MoreScreen', () => {
  it.each([
    {
      url: '/subpage/morePage?type=topic&id=4&name=精选',
      call: ['media/topic/details', { id: 4, sort: 'latest' }],
      title: '精选',
    },
    { url: '/subpage/morePage?type=published', call: ['media/published', {}], title: t.browse.published },
    { url: '/subpage/morePage?type=whatever&name=猜你喜欢', call: ['media/recommend', {}], title: '猜你喜欢' },
    { url: '/subpage/morePage', call: ['media/recommend', {}], title: t.browse.recommend },
  ])('$url lists $call.0', async ({ url, call, title }) => {
    const { post } = renderMore(url)
    expect(await screen.findByText(t.common.noMore)).toBeTruthy()
    expect(post.mock.calls).toEqual([call])
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title)
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      call[0] === 'media/topic/details' ? '/play/longVideo?id=1' : '/play/longVideo?id=2',
    ])
  })

  it('type collect shows collections linking to /play/videoCollection', async () => {
    const { post } = renderMore('/subpage/morePage?type=collect')
    expect(await screen.findByText(t.common.noMore)).toBeTruthy()
    expect(post.mock.calls).toEqual([['media/collect/home', {}]])
    const link = screen.getByRole('link')
    expect(link.getAttribute('href')).toBe('/play/videoCollection?id=5')
    expect(link.textContent).toContain('海边合集')
    expect(link.textContent).toContain(t.browse.episodes('12'))
  })
})
