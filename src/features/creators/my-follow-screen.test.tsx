import { createRoute } from '@tanstack/react-router'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CreatorCard } from '../../../core/contracts/community.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { t } from '../../lib/messages-creators.ts'
import { Refusal, renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { creatorCard } from '../../testing/post-kit.ts'
import { Toaster } from '../../ui/toast.tsx'
import { createPagedList } from '../catalogue/public.ts'
import { followedSource, type CreatorPage } from './api.ts'
import { MyFollowScreen } from './my-follow-screen.tsx'

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

function renderMyFollow(post: Post) {
  const { store, post: postMock } = storeWithFakeApi(post)
  const source = followedSource(5)
  const list = createPagedList<CreatorCard, CreatorPage>(source.key, source.fetchPage)
  const router = renderRoutes(store, '/mine/myFollow', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/mine/myFollow',
      component: () => (
        <>
          <MyFollowScreen list={list} config={null} />
          <Toaster />
        </>
      ),
    }),
    createRoute({ getParentRoute: () => root, path: '/subpage/userInfo', component: () => <p>creator page</p> }),
    createRoute({ getParentRoute: () => root, path: '/subpage/upRank', component: () => <p>rank</p> }),
  ])
  return { post: postMock, router }
}

const FOLLOWED = [
  creatorCard(3, { nickname: '影评人', followers: 12_345, posts: 8, followed: true, intro: '看电影' }),
  creatorCard(4, { nickname: '摄影师', followers: 2, followed: true }),
]

describe('MyFollowScreen', () => {
  it('lists the followed creators, unfollows and follows again, and opens a creator page', async () => {
    const { post, router } = renderMyFollow(async (name, body) => {
      if (name === 'upblogers/followed') return { items: FOLLOWED, nextCursor: null }
      if (name === 'upblogers/cares') return { followed: body.follow, followers: body.follow ? 12_345 : 12_344 }
      return null
    })
    const rows = await screen.findAllByRole('listitem')
    expect(post).toHaveBeenCalledWith('upblogers/followed', {})
    expect(within(rows[0]!).getByText(`${t.creators.followers('1.2W')} · ${t.creators.posts('8')}`)).toBeTruthy()
    expect(within(rows[0]!).getByText('看电影')).toBeTruthy()
    expect(within(rows[1]!).getByText(t.creators.noIntro)).toBeTruthy()

    const unfollow = screen.getByRole('button', { name: t.creators.unfollowName('影评人') })
    expect(unfollow.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(unfollow)
    const follow = await screen.findByRole('button', { name: t.creators.followName('影评人') })
    expect(post).toHaveBeenCalledWith('upblogers/cares', { id: 3, follow: false })
    expect(follow.getAttribute('aria-pressed')).toBe('false')
    await waitFor(() => expect((follow as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(follow)
    expect(await screen.findByRole('button', { name: t.creators.unfollowName('影评人') })).toBeTruthy()
    expect(post).toHaveBeenCalledWith('upblogers/cares', { id: 3, follow: true })

    fireEvent.click(within(rows[1]!).getByRole('link'))
    await waitFor(() => expect(router.state.location.href).toBe('/subpage/userInfo?id=4'))
  })

  it('puts the state back and says why when the server refuses', async () => {
    renderMyFollow(async (name) =>
      name === 'upblogers/followed' ? { items: FOLLOWED, nextCursor: null } : new Refusal(BusinessCode.NotYourself),
    )
    fireEvent.click(await screen.findByRole('button', { name: t.creators.unfollowName('摄影师') }))
    expect(await screen.findByText('不能对自己进行此操作')).toBeTruthy()
    expect(screen.getByRole('button', { name: t.creators.unfollowName('摄影师') })).toBeTruthy()
  })

  it('shows an empty state with a way to find creators', async () => {
    const { router } = renderMyFollow(async () => ({ items: [], nextCursor: null }))
    expect(await screen.findByText(t.creators.emptyFollowed)).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: t.creators.findCreators }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/subpage/upRank'))
  })
})
