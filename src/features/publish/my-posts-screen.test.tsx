import { createRoute } from '@tanstack/react-router'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PostCard } from '../../../core/contracts/community.ts'
import { t } from '../../lib/messages-publish.ts'
import { renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { postCard } from '../../testing/post-kit.ts'
import { createPagedList } from '../catalogue/public.ts'
import { myPostsSource, type PostPage } from './api.ts'
import { MyPostsScreen } from './my-posts-screen.tsx'

/** Every sentinel is in reach at once: the list asks for its next page as soon as it shows. */
let inReach = false
class Observer {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    if (inReach) queueMicrotask(() => this.callback([{ isIntersecting: true, target } as never], this as never))
  }
  disconnect() {}
  unobserve() {}
}
beforeEach(() => {
  inReach = false
  vi.stubGlobal('IntersectionObserver', Observer)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderMyPosts(post: Post) {
  const { store, post: postMock } = storeWithFakeApi(post)
  const source = myPostsSource(5)
  const list = createPagedList<PostCard, PostPage>(source.key, source.fetchPage)
  const router = renderRoutes(store, '/mine/myPost', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/mine/myPost',
      component: () => <MyPostsScreen list={list} config={null} />,
    }),
    createRoute({ getParentRoute: () => root, path: '/community/postDetail', component: () => <p>detail</p> }),
    createRoute({ getParentRoute: () => root, path: '/community/publish', component: () => <p>publish</p> }),
  ])
  return { post: postMock, router }
}

describe('MyPostsScreen', () => {
  it('lists the posts with their state, the reason of a rejection and 处理中 for a video being transcoded', async () => {
    const { post } = renderMyPosts(async () => ({
      items: [
        postCard(1, { state: 'pending', content: '等审核' }),
        postCard(2, { state: 'published', content: '已上线', imageCount: 2, price: 1250 }),
        postCard(3, { state: 'rejected', content: '被拒', rejectReason: '含广告' }),
        postCard(4, {
          state: 'pending',
          content: '带视频',
          hasVideo: true,
          video: { state: 'processing', cover: '', coverWidth: 0, coverHeight: 0, duration: 12 },
        }),
      ],
      nextCursor: null,
    }))
    const rows = await screen.findAllByRole('listitem')
    expect(post).toHaveBeenCalledWith('post/mypublish', {})
    expect(within(rows[0]!).getByText(t.myPost.state.pending)).toBeTruthy()
    expect(within(rows[1]!).getByText(t.myPost.state.published)).toBeTruthy()
    expect(within(rows[1]!).getByText(t.myPost.images(2))).toBeTruthy()
    expect(within(rows[1]!).getByText(t.myPost.price('12.50'))).toBeTruthy()
    expect(within(rows[2]!).getByText(t.myPost.state.rejected)).toBeTruthy()
    expect(within(rows[2]!).getByText(t.myPost.rejectReason('含广告'))).toBeTruthy()
    expect(within(rows[3]!).getByText(t.myPost.processing)).toBeTruthy()
    // Only the published one is a link.
    const links = screen.getAllByRole('link')
    expect(links).toHaveLength(1)
    expect(links[0]!.getAttribute('href')).toBe('/community/postDetail?id=2')
    expect(screen.getByText(t.common.noMore)).toBeTruthy()
  })

  it('pages on as the end comes near, then opens a published post', async () => {
    inReach = true
    const { post, router } = renderMyPosts(async (_name, body) =>
      body.cursor === 'c2'
        ? { items: [postCard(11)], nextCursor: null }
        : { items: Array.from({ length: 10 }, (_, index) => postCard(index + 1)), nextCursor: 'c2' },
    )
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(11))
    expect(post).toHaveBeenCalledWith('post/mypublish', { cursor: 'c2' })
    fireEvent.click(screen.getByText('帖子11'))
    await waitFor(() => expect(router.state.location.href).toBe('/community/postDetail?id=11'))
  })

  it('offers to publish when there is nothing yet', async () => {
    const { router } = renderMyPosts(async () => ({ items: [], nextCursor: null }))
    expect(await screen.findByText(t.myPost.empty)).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: t.myPost.publish }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/community/publish'))
  })
})
