import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { t } from '../../lib/messages-community.ts'
import type { ListMaker } from './api.ts'
import { CommunityScreen } from './community-screen.tsx'
import { EndInReach, image, memoryBackend, page, postCard, renderCommunity, testLists, type Post } from './testing.tsx'

// Images stay placeholders: no image requests from a unit test.
vi.mock('../../lib/image-fallback.ts', () => ({ pageImageFallback: () => ({ load: () => new Promise(() => {}) }) }))

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', EndInReach)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const categories = [
  { id: 1, name: '日常' },
  { id: 2, name: '旅行' },
]

function open(
  post: Post,
  options: { lists?: ListMaker; backend?: ReturnType<typeof memoryBackend>; online?: () => boolean } = {},
) {
  const lists = options.lists ?? testLists()
  return renderCommunity(
    '/community',
    '/community',
    () => <CommunityScreen categories={categories} config={null} userId={5} lists={lists} />,
    post,
    { backend: options.backend, online: options.online },
  )
}

const calls = (post: ReturnType<typeof open>['post']) =>
  post.mock.calls.filter(([name]) => name === 'post/list').map(([, body]) => body)

describe('CommunityScreen', () => {
  it('shows skeletons, then the cards; each tab and sort is its own list, kept when switching back', async () => {
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const { post } = open(async (_name, body) => {
      await answered
      const base = body.following ? 30 : body.categoryId === 2 ? 20 : body.sort === 'hot' ? 10 : 1
      return page([postCard(base)])
    })
    expect(await screen.findByRole('status', { name: t.common.loading })).toBeTruthy()
    answer()
    expect(await screen.findByText('帖子1')).toBeTruthy()
    expect(screen.getByText(t.common.noMore)).toBeTruthy()

    const tabs = within(screen.getByRole('tablist', { name: t.community.categories }))
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['关注', '全部', '日常', '旅行'])
    fireEvent.click(tabs.getByRole('tab', { name: '旅行' }))
    expect(await screen.findByText('帖子20')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: t.community.hot }))
    expect(await screen.findByText('帖子20')).toBeTruthy()
    fireEvent.click(tabs.getByRole('tab', { name: '关注' }))
    expect(await screen.findByText('帖子30')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: t.community.latest }))
    fireEvent.click(tabs.getByRole('tab', { name: '全部' }))
    expect(await screen.findByText('帖子1')).toBeTruthy()

    expect(calls(post)).toEqual([
      { sort: 'latest' },
      { sort: 'latest', categoryId: 2 },
      { sort: 'hot', categoryId: 2 },
      { sort: 'hot', following: true },
      { sort: 'latest', following: true },
    ])
    expect(screen.getByRole('link', { name: t.community.publishLabel }).getAttribute('href')).toBe('/community/publish')
  })

  it('loads the next page at the end, then says 没有更多了', async () => {
    const { post } = open(async (_name, body) =>
      body.cursor === 'c2' ? page([postCard(2)]) : page([postCard(1)], 'c2'),
    )
    expect(await screen.findByText('帖子2')).toBeTruthy()
    expect(await screen.findByText(t.common.noMore)).toBeTruthy()
    expect(calls(post)).toEqual([{ sort: 'latest' }, { sort: 'latest', cursor: 'c2' }])
  })

  it('says when there is nothing, and 关注 says so in its own words', async () => {
    open(async () => page([]))
    expect(await screen.findByText(t.community.empty)).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: '关注' }))
    expect(await screen.findByText(t.community.emptyFollowing)).toBeTruthy()
  })

  it('shows a failed first page with a retry that asks again', async () => {
    let fail = true
    open(async () => {
      if (fail) throw new ApiError(ApiErrorKind.Timeout, t.http.timeout)
      return page([postCard(1)])
    })
    expect(await screen.findByText(t.http.timeout)).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: t.common.retry }))
    expect(await screen.findByText('帖子1')).toBeTruthy()
  })

  it('a card: author link, images that open the viewer, video with its duration or 处理中, counts', async () => {
    open(async () =>
      page([
        postCard(1, { images: [image('a'), image('b'), image('c')], imageCount: 3, likeCount: 12_345 }),
        postCard(2, {
          video: { state: 'ready', cover: 'v.jpg', coverWidth: 16, coverHeight: 9, duration: 125 },
          hasVideo: true,
        }),
        postCard(3, {
          video: { state: 'processing', cover: '', coverWidth: 0, coverHeight: 0, duration: 30 },
          hasVideo: true,
        }),
      ]),
    )
    const first = (await screen.findByText('帖子1')).closest('article')!
    expect(
      within(first)
        .getByRole('link', { name: t.community.author('作者101') })
        .getAttribute('href'),
    ).toBe('/community/upInfo?id=101')
    expect(first.querySelector('.image-grid')?.getAttribute('data-columns')).toBe('3')
    expect(within(first).getAllByRole('button', { name: /查看图片/ })).toHaveLength(3)
    expect(within(first).getByRole('button', { name: /1.2W/ }).getAttribute('aria-pressed')).toBe('false')
    expect(
      within(first)
        .getByRole('link', { name: t.community.comments('2') })
        .getAttribute('href'),
    ).toBe('/community/postDetail?id=1#comments')
    const second = screen.getByText('帖子2').closest('article')!
    expect(within(second).getByLabelText(t.community.videoLabel('2:05'))).toBeTruthy()
    const third = screen.getByText('帖子3').closest('article')!
    expect(within(third).getByText(t.community.processing)).toBeTruthy()
  })

  it('a locked card shows its price and what unlocking shows, never its images', async () => {
    open(async () =>
      page([
        postCard(1, { price: 990, locked: true, truncated: true, imageCount: 4, hasVideo: true, content: '开头几行' }),
      ]),
    )
    const card = (await screen.findByText('开头几行…')).closest('article')!
    expect(within(card).getAllByText(t.community.lockedPrice('9.90')).length).toBeGreaterThan(0)
    expect(within(card).getByText(t.community.lockedSummary('全文、4张图片、视频'))).toBeTruthy()
    expect(card.querySelector('.image-grid')).toBeNull()
    expect(card.querySelector('.video-cover')).toBeNull()
  })

  it('folds a long text behind 全文 and opens it; 收起 folds it again', async () => {
    open(async () => page([postCard(1, { content: '一\n二\n三\n四\n五\n六\n七' }), postCard(2, { content: '短' })]))
    const body = await screen.findByText(/一\s二/)
    expect(body.hasAttribute('data-folded')).toBe(true)
    const toggle = screen.getByRole('button', { name: t.community.expand })
    expect(toggle.getAttribute('aria-controls')).toBe(body.id)
    fireEvent.click(toggle)
    expect(body.hasAttribute('data-folded')).toBe(false)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: t.community.collapse }))
    expect(body.hasAttribute('data-folded')).toBe(true)
    // A short text has nothing to fold.
    expect(screen.getAllByRole('button', { name: t.community.expand })).toHaveLength(1)
  })

  it('liking a card shows at once and takes the server count', async () => {
    const { post } = open(async (name) => (name === 'post/like' ? { liked: true, likeCount: 9 } : page([postCard(1)])))
    const like = await screen.findByRole('button', { name: /点赞/ })
    await act(async () => fireEvent.click(like))
    const liked = screen.getByRole('button', { name: /已点赞/ })
    expect(liked.getAttribute('aria-pressed')).toBe('true')
    expect(liked.textContent).toBe('9')
    expect(post).toHaveBeenCalledWith('post/like', { id: 1, like: true })
  })

  it('offline, shows the last pages stored for this user, marked stale, without asking', async () => {
    const backend = memoryBackend()
    const first = open(async () => page([postCard(1)]), { backend })
    expect(await screen.findByText('帖子1')).toBeTruthy()
    await first.reads.flush()
    cleanup()

    const second = open(async () => page([]), { backend, online: () => false })
    expect(await screen.findByText('帖子1')).toBeTruthy()
    expect(screen.getByText(t.community.stale)).toBeTruthy()
    expect(second.post).not.toHaveBeenCalled()
  })
})
