import { useSearch } from '@tanstack/react-router'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-browse.ts'
import { LabelScreen } from './label-screen.tsx'
import { namedSearch } from './page-params.ts'
import { card, EndInReach, renderScreens } from './testing.tsx'
import { TopicListScreen } from './topic-list-screen.tsx'

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', EndInReach)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function TopicRoute() {
  const { id, name } = namedSearch(useSearch({ strict: false }))
  return <TopicListScreen id={id} name={name} config={null} />
}
function LabelRoute() {
  const { id, name } = namedSearch(useSearch({ strict: false }))
  return <LabelScreen id={id} name={name} config={null} />
}

const topic = { id: 4, name: '夏日精选', description: '阳光与海', cover: 't.jpg', videoCount: 12_000 }

describe('TopicListScreen', () => {
  it('shows the topic, its videos by 最新, and by 最热 on the other tab', async () => {
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const { post } = renderScreens(
      [{ path: '/topicList', validateSearch: namedSearch, component: TopicRoute }],
      '/topicList?id=4&name=URL名',
      async (_name, body) => {
        await answered
        return {
          topic,
          items: [card(body.sort === 'hot' ? 2 : 1, { tags: [{ id: 9, name: '海边' }] })],
          nextCursor: null,
        }
      },
    )
    // The name from the URL until the topic's own arrives.
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('URL名')
    answer()
    expect(await screen.findByText(t.common.noMore)).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('夏日精选')
    expect(screen.getByText('阳光与海')).toBeTruthy()
    expect(screen.getByText(t.browse.videoCount('1.2W'))).toBeTruthy()
    expect(screen.getByRole('heading', { name: '视频1' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '#海边' }).getAttribute('href')).toBe(
      `/subpage/labelPage?id=9&name=${encodeURIComponent('海边')}`,
    )

    const hot = screen.getByRole('tab', { name: t.browse.hot })
    expect(hot.getAttribute('aria-selected')).toBe('false')
    fireEvent.click(hot)
    expect(await screen.findByRole('heading', { name: '视频2' })).toBeTruthy()
    expect(hot.getAttribute('aria-selected')).toBe('true')
    // Back to 最新: its list is as it was, not fetched again.
    fireEvent.keyDown(hot, { key: 'ArrowLeft' })
    expect(await screen.findByRole('heading', { name: '视频1' })).toBeTruthy()
    expect(document.activeElement?.textContent).toBe(t.browse.latest)
    expect(post.mock.calls).toEqual([
      ['media/topic/details', { id: 4, sort: 'latest' }],
      ['media/topic/details', { id: 4, sort: 'hot' }],
    ])
  })

  it('without an id says the topic was not found and asks nothing', async () => {
    const { post } = renderScreens(
      [{ path: '/topicList', validateSearch: namedSearch, component: TopicRoute }],
      '/topicList?id=abc',
      async () => ({}),
    )
    expect(await screen.findByText(t.browse.missingTopic)).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
  })

  it('a first-page failure shows an error with a retry', async () => {
    let fail = true
    renderScreens(
      [{ path: '/subpage/labelPage', validateSearch: namedSearch, component: LabelRoute }],
      '/subpage/labelPage?id=9&name=海边',
      async () => {
        if (fail) throw new Error('boom')
        return {
          tag: { id: 9, name: '海边', videoCount: 3 },
          items: [card(3, { tags: [{ id: 9, name: '海边' }] })],
          nextCursor: null,
        }
      },
    )
    fireEvent.click(await screen.findByRole('button', { name: t.common.retry }))
    fail = false
    fireEvent.click(await screen.findByRole('button', { name: t.common.retry }))
    expect(await screen.findByRole('heading', { name: '视频3' })).toBeTruthy()
    // The tag's own chip is left out of its related tags.
    expect(screen.queryByRole('link', { name: '#海边' })).toBeNull()
  })
})
