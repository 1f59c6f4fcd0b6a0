import { createRoute, type RouteComponent } from '@tanstack/react-router'
import { atom } from 'jotai'
import type { Comment, CommentThread, Creator, PostCard, PostDetail } from '../../../core/contracts/community.ts'
import type { Page } from '../../../core/contracts/media.ts'
import { errorMessage } from '../../lib/http.ts'
import { Toaster } from '../../ui/toast.tsx'
import { renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { postCard as kitPostCard } from '../../testing/post-kit.ts'
import type { ListMaker, PageSource, PostsList } from './api.ts'

export { memoryBackend, Refusal, type Post } from '../../testing/app-kit.tsx'

/** Test kit of the community screens: answers, a stand-in for the route's paged lists, a memory router. */

export const author = (id: number, nickname = `作者${id}`) => ({ id, nickname, avatar: '' })

/** The kit's card, with an author of its own per post and a few likes and comments. */
export const postCard = (id: number, patch: Partial<PostCard> = {}): PostCard =>
  kitPostCard(id, { author: author(100 + id), likeCount: 3, commentCount: 2, createdAt: 1, ...patch })

export const postDetail = (id: number, patch: Partial<PostDetail> = {}): PostDetail => ({
  ...postCard(id),
  followed: false,
  lines: [],
  balance: 0,
  ...patch,
})

export const image = (key: string) => ({ key, width: 400, height: 300 })

export const comment = (id: number, patch: Partial<Comment> = {}): Comment => ({
  id,
  postId: 1,
  author: author(200 + id, `评论者${id}`),
  content: `评论${id}`,
  parentId: null,
  replyToNickname: '',
  liked: false,
  likeCount: 0,
  createdAt: 1,
  ...patch,
})

export const thread = (id: number, patch: Partial<CommentThread> = {}): CommentThread => ({
  ...comment(id),
  replies: [],
  replyCount: 0,
  repliesCursor: null,
  ...patch,
})

export const creator = (id: number, patch: Partial<Creator> = {}): Creator => ({
  ...author(id, `创作者${id}`),
  intro: '简介文字',
  followers: 12,
  posts: 3,
  followed: false,
  following: 4,
  likes: 1200,
  blocked: false,
  self: false,
  ...patch,
})

export const page = <T,>(items: T[], nextCursor: string | null = null): Page<T> => ({ items, nextCursor })

/**
 * A small paged list over a source, kept per key for the test's life like the route's (the
 * catalogue's createPagedList, which a feature does not import).
 */
export function testLists(): ListMaker {
  const kept = new Map<string, PostsList<unknown>>()
  return (<T,>(source: PageSource<Page<T>>): PostsList<T> => {
    const found = kept.get(source.key)
    if (found) return found as PostsList<T>
    const stateAtom = atom({
      status: 'idle' as 'idle' | 'loading' | 'ready' | 'error',
      items: [] as readonly T[],
      error: null as string | null,
      hasMore: false,
      loadingMore: false,
      moreError: null as string | null,
      stale: false,
    })
    const cursorAtom = atom<string | null>(null)
    const fetchFirstAtom = atom(null, async (get, set) => {
      if (get(stateAtom).status === 'loading') return
      if (get(stateAtom).status !== 'ready') set(stateAtom, { ...get(stateAtom), status: 'loading' })
      try {
        const result = await source.fetchPage(get, undefined)
        set(cursorAtom, result.data.nextCursor)
        set(stateAtom, {
          ...get(stateAtom),
          status: 'ready',
          items: result.data.items,
          error: null,
          hasMore: result.data.nextCursor !== null,
          stale: result.stale,
        })
      } catch (error) {
        set(stateAtom, { ...get(stateAtom), status: 'error', error: errorMessage(error) })
      }
    })
    const loadMoreAtom = atom(null, async (get, set) => {
      const cursor = get(cursorAtom)
      if (cursor === null || get(stateAtom).loadingMore) return
      set(stateAtom, { ...get(stateAtom), loadingMore: true, moreError: null })
      try {
        const result = await source.fetchPage(get, cursor)
        set(cursorAtom, result.data.nextCursor)
        const now = get(stateAtom)
        set(stateAtom, {
          ...now,
          items: [...now.items, ...result.data.items],
          hasMore: result.data.nextCursor !== null,
          loadingMore: false,
        })
      } catch (error) {
        set(stateAtom, { ...get(stateAtom), loadingMore: false, moreError: errorMessage(error) })
      }
    })
    // Like the catalogue's: loading the first page again only after a failure, reloading always.
    const loadFirstAtom = atom(null, async (get, set) => {
      if (get(stateAtom).status === 'ready') return
      await set(fetchFirstAtom)
    })
    const list = { stateAtom, loadFirstAtom, loadMoreAtom, reloadAtom: fetchFirstAtom }
    kept.set(source.key, list as PostsList<unknown>)
    return list
  }) as ListMaker
}

/** Reports the end of a list in reach at once; images are left alone (no image fetches). */
export class EndInReach {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    if (element.classList.contains('infinite-list__end')) {
      queueMicrotask(() =>
        this.callback(
          [{ target: element, isIntersecting: true } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      )
    }
  }
  disconnect() {}
}

/** Renders `component` at `url` (its path `path`), with the toaster and stand-ins for where its links go. */
export function renderCommunity(
  url: string,
  path: string,
  component: RouteComponent,
  post: Post,
  options: Parameters<typeof storeWithFakeApi>[1] = {},
) {
  const kit = storeWithFakeApi(post, options)
  const router = renderRoutes(kit.store, url, (root) => [
    createRoute({
      getParentRoute: () => root,
      path,
      component: () => {
        const Component = component
        return (
          <>
            <Component />
            <Toaster />
          </>
        )
      },
    }),
    ...['/community/publish', '/community/upInfo', '/community/postDetail', '/mine/diamondRecharge']
      .filter((stub) => stub !== path)
      .map((stub) => createRoute({ getParentRoute: () => root, path: stub, component: () => <p>{stub}</p> })),
  ])
  return { ...kit, router }
}
