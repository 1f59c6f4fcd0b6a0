import { atom, type Atom, type Getter, type WritableAtom } from 'jotai'
import { callKey } from '../../../core/contracts/call-key.ts'
import {
  commentAdd,
  commentLike,
  commentList,
  postDetail,
  postLike,
  postList,
  postPay,
  reportAdd,
  upblogersCares,
  upblogersInfo,
  userBlock,
} from '../../../core/contracts/calls-community.ts'
import type { Comment, CommentThread, Creator, PostCard, PostDetail } from '../../../core/contracts/community.ts'
import type { ReportTarget } from '../../../core/contracts/community-rules.ts'
import type { Page } from '../../../core/contracts/media.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { ApiError, ApiErrorKind, errorMessage } from '../../lib/http.ts'
import { offlineReadsAtom, type ReadResult } from '../../lib/offline-reads.ts'
import type { InfiniteListState } from '../../ui/infinite-list.tsx'
import { apiAtom } from '../../lib/store.ts'

/** What post/list is asked for on the feed and on a creator's page. */
export interface PostQuery {
  categoryId?: number
  authorId?: number
  sort: 'latest' | 'hot'
  following: boolean
}

/** Where a paged list comes from: its identity and one page (the catalogue's paged list takes these). */
export interface PageSource<R> {
  key: string
  fetchPage(get: Getter, cursor: string | undefined): Promise<ReadResult<R>>
}

/** A paged list as the screens use it (the route makes it with the catalogue's createPagedList). */
export interface PostsList<T> {
  stateAtom: Atom<Omit<InfiniteListState, 'items'> & { items: readonly T[]; stale: boolean }>
  loadFirstAtom: WritableAtom<null, [], Promise<void>>
  loadMoreAtom: WritableAtom<null, [], Promise<void>>
  reloadAtom: WritableAtom<null, [], Promise<void>>
}

/** Makes (or finds, by key) the list of a source; passed in by the route. */
export type ListMaker = <T>(source: PageSource<Page<T>>) => PostsList<T>

// Answers carry the caller's own marks (liked, locked), so the stored copies are keyed by the user
// as well: another account on the device never sees them (mine-lists does the same).
const userBody = (body: object, userId: number | null) => ({ ...body, user: userId ?? 0 })

/** post/list with these parameters, through the offline reads (offline: the last pages, marked stale). */
export function postsSource(query: PostQuery, userId: number | null): PageSource<Page<PostCard>> {
  const params = {
    sort: query.sort,
    ...(query.categoryId === undefined ? {} : { categoryId: query.categoryId }),
    ...(query.authorId === undefined ? {} : { authorId: query.authorId }),
    ...(query.following ? { following: true } : {}),
  }
  return {
    key: `community:${callKey(postList.name, userBody(params, userId))}`,
    fetchPage(get, cursor) {
      const body = cursor === undefined ? params : { ...params, cursor }
      return get(offlineReadsAtom).read(postList.name, userBody(body, userId), () => get(apiAtom).call(postList, body))
    },
  }
}

/** comment/list of a post, top-level comments with their replies. */
export function commentsSource(postId: number, userId: number | null): PageSource<Page<CommentThread>> {
  return {
    key: `community:${callKey(commentList.name, userBody({ postId }, userId))}`,
    fetchPage(get, cursor) {
      const body = cursor === undefined ? { postId } : { postId, cursor }
      return get(offlineReadsAtom).read(commentList.name, userBody(body, userId), () =>
        get(apiAtom).call(commentList, body),
      )
    },
  }
}

/** A read shown on a screen: the answer, and whether it is the stored one of an earlier visit. */
export interface Loaded<T> {
  data: T
  stale: boolean
}

/**
 * post/detail through the offline reads. The stored copy leaves out the play lines (their play
 * token) and the balance; offline the post can be read, not played or bought.
 */
export async function readPost(get: Getter, id: number, userId: number | null): Promise<Loaded<PostDetail>> {
  const live: { post?: PostDetail } = {}
  const result = await get(offlineReadsAtom).read(postDetail.name, userBody({ id }, userId), async () => {
    live.post = await get(apiAtom).call(postDetail, { id })
    return { ...live.post, lines: [], balance: 0 }
  })
  return !result.stale && live.post ? { data: live.post, stale: false } : { data: result.data, stale: true }
}

/** upblogers/info through the offline reads. */
export async function readCreator(get: Getter, id: number, userId: number | null): Promise<Loaded<Creator>> {
  const result = await get(offlineReadsAtom).read(upblogersInfo.name, userBody({ id }, userId), () =>
    get(apiAtom).call(upblogersInfo, { id }),
  )
  return { data: result.data, stale: result.stale }
}

/** Whether a failed read means the thing is not there (hidden, removed, unknown): no retry then. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.kind === ApiErrorKind.Business && error.code === BusinessCode.NotFound
}

export const likePostAtom = atom(null, (get, _set, target: { id: number; like: boolean }) =>
  get(apiAtom).call(postLike, target),
)

export const likeCommentAtom = atom(null, (get, _set, target: { id: number; like: boolean }) =>
  get(apiAtom).call(commentLike, target),
)

export const addCommentAtom = atom(
  null,
  (get, _set, comment: { postId: number; content: string; replyTo?: number }): Promise<Comment> =>
    get(apiAtom).call(commentAdd, comment),
)

/** The next page of a thread's replies after `cursor` (the thread's `repliesCursor`, then each page's). */
export const loadRepliesAtom = atom(
  null,
  (get, _set, request: { postId: number; parentId: number; cursor: string }): Promise<Page<CommentThread>> =>
    get(apiAtom).call(commentList, request),
)

export const followAtom = atom(null, (get, _set, target: { id: number; follow: boolean }) =>
  get(apiAtom).call(upblogersCares, target),
)

export const blockAtom = atom(null, (get, _set, target: { id: number; block: boolean }) =>
  get(apiAtom).call(userBlock, target),
)

export const reportAtom = atom(
  null,
  async (get, _set, report: { targetType: ReportTarget; targetId: number; reason: string }) => {
    await get(apiAtom).call(reportAdd, report)
  },
)

/** How a purchase ended, for the unlock sheet (the player's sheet reads the same shape). */
export type UnlockOutcome =
  | { status: 'paid'; balance: number }
  | { status: 'owned'; balance?: number }
  | { status: 'insufficient' }
  | { status: 'failed'; message: string }

/** post/pay once; insufficient balance and an earlier purchase are outcomes, not errors. */
export const unlockPostAtom = atom(null, async (get, _set, id: number): Promise<UnlockOutcome> => {
  try {
    const result = await get(apiAtom).call(postPay, { id })
    return result.alreadyOwned
      ? { status: 'owned', balance: result.balance }
      : { status: 'paid', balance: result.balance }
  } catch (error) {
    if (error instanceof ApiError && error.code === BusinessCode.InsufficientBalance) return { status: 'insufficient' }
    if (error instanceof ApiError && error.code === BusinessCode.AlreadyBought) return { status: 'owned' }
    return { status: 'failed', message: errorMessage(error) }
  }
})
