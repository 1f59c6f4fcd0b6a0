import type * as v from 'valibot'
import type {
  Author,
  PostCard,
  PostDetail,
  PostListRequestSchema,
  PublishRequestSchema,
} from '../../../core/contracts/community.ts'
import { LOCKED_PREVIEW_CHARACTERS, PostState, PostVideoState } from '../../../core/contracts/community-rules.ts'
import { PAGE_SIZE, type Page } from '../../../core/contracts/media.ts'
import type { LikeResult, PayResult } from '../../../core/contracts/play.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import type { Db } from '../../db/client.ts'
import { DEFAULT_APP_CONFIG, type StoredAppConfig } from '../../db/seed.ts'
import { cachedByKey } from '../../cached.ts'
import { AppError, businessError } from '../../errors.ts'
import { refuseBanned } from '../accounts/ban.ts'
import { decodeCursor, encodeCursor } from '../catalogue/cursor.ts'
import { likeMessage } from '../messages/events.ts'
import { writeMessage } from '../messages/write.ts'
import { loadConfigValue } from '../ping/repo.ts'
import { balanceOf, RefType } from '../wallet/repo.ts'
import { createWalletService } from '../wallet/service.ts'
import type { CommunityDeps } from './deps.ts'
import { PostLedgerReason } from './ledger.ts'
import { lockOwnImages } from '../images/repo.ts'
import * as repo from './posts-repo.ts'
import { normalizeKeyword } from '../search/service.ts'
import { PostOrders, type CardRow, type PostOrder } from './posts-repo.ts'

type ListRequest = v.InferOutput<typeof PostListRequestSchema>
type PublishRequest = v.InferOutput<typeof PublishRequestSchema>

/** Posts one user may publish in a rolling day: enough for anyone, not for a flood. */
export const DAILY_POST_LIMIT = 20
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * How long post/list shares a page (which posts, their authors, images, video, counts) between
 * callers, like media/home's: a new post, a like or a comment shows up to this late in lists.
 */
export const LIST_CACHE_MS = 10_000
/** Shared pages held at once (filters × cursors); past it the oldest go. */
const LIST_CACHE_PAGES = 500

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** How cards name a user: a guest without a nickname is 游客<id>, as user/info shows them. */
export function toAuthor(user: { id: number; nickname: string; avatar: string }): Author {
  return { id: user.id, nickname: user.nickname || `游客${user.id}`, avatar: user.avatar }
}

/**
 * What a locked post shows of its text: its first whole lines, within LOCKED_PREVIEW_CHARACTERS
 * and never more than half of it (a short post would otherwise show whole); a first line longer
 * than that is cut inside.
 */
export function lockedPreview(content: string): string {
  const characters = Array.from(content)
  const limit = Math.min(LOCKED_PREVIEW_CHARACTERS, Math.floor(characters.length / 2))
  let shown = ''
  for (const line of content.split('\n')) {
    const next = shown === '' ? line : `${shown}\n${line}`
    if (Array.from(next).length > limit) break
    shown = next
  }
  return shown !== '' ? shown : characters.slice(0, limit).join('')
}

/** The community category ids of the stored config (ping/config's communityCategory). */
export async function categoryIds(db: Db): Promise<Set<number>> {
  const stored = ((await loadConfigValue(db, 'app')) ?? {}) as Partial<StoredAppConfig>
  const categories = stored.communityCategory ?? DEFAULT_APP_CONFIG.communityCategory
  return new Set(categories.map((category) => category.id))
}

/**
 * The post as the viewer may see it: its author in any state but removed, anyone else once it is
 * published and unless they blocked its author. Null: the viewer may not (7004 to them).
 */
export async function visiblePost(db: Db, viewerId: number, postId: number) {
  const post = await repo.findPost(db, postId)
  if (!post || post.state === PostState.Removed) return null
  if (post.authorId === viewerId) return post
  if (post.state !== PostState.Published) return null
  if (await repo.hasBlocked(db, viewerId, post.authorId)) return null
  return post
}

export function createPostsService(deps: CommunityDeps) {
  const { db } = deps
  const wallet = createWalletService({ db, now: deps.now })
  const sharedPages = cachedByKey<CardRow[]>(deps.now, LIST_CACHE_MS, LIST_CACHE_PAGES)

  /** Cards for `viewerId`: locked ones carry no images, no video and only the preview of their text. */
  function toCards(viewerId: number, rows: CardRow[]): PostCard[] {
    const isLocked = (row: CardRow) => row.price > 0 && row.authorId !== viewerId && !row.bought
    return rows.map((row) => {
      const locked = isLocked(row)
      const images = (JSON.parse(row.images) as [string, number, number][]).map(([key, width, height]) => ({
        key,
        width,
        height,
      }))
      const ready = row.videoState === PostVideoState.Ready
      return {
        id: row.id,
        author: toAuthor({ id: row.authorId, nickname: row.nickname, avatar: row.avatar }),
        categoryId: row.categoryId,
        content: locked ? lockedPreview(row.content) : row.content,
        truncated: locked,
        images: locked ? [] : images,
        imageCount: images.length,
        video:
          row.videoState === null || locked
            ? null
            : {
                state: row.videoState as PostVideoState,
                cover: ready ? (row.cover ?? '') : '',
                coverWidth: ready ? (row.coverWidth ?? 0) : 0,
                coverHeight: ready ? (row.coverHeight ?? 0) : 0,
                duration: ready && row.videoDuration !== null ? row.videoDuration : Math.round(row.probedDuration ?? 0),
              },
        hasVideo: row.videoState !== null,
        price: row.price,
        locked,
        liked: row.liked,
        likeCount: row.likeCount,
        commentCount: row.commentCount,
        createdAt: toSeconds(row.publishedAt ?? row.createdAt),
        state: row.state as PostState,
        rejectReason: row.authorId === viewerId ? row.rejectReason : '',
      }
    })
  }

  /** A page of `order` from `rows`, which the repo read one row past the page (PAGE_SIZE + 1). */
  function pageOf(viewerId: number, rows: CardRow[], order: PostOrder): Page<PostCard> {
    const shown = rows.slice(0, PAGE_SIZE)
    const last = shown.at(-1)
    return {
      items: toCards(viewerId, shown),
      nextCursor:
        rows.length > PAGE_SIZE && last ? encodeCursor(order.name, { key: order.keyOf(last), id: last.id }) : null,
    }
  }

  /**
   * post/list: published posts, newest or hottest first, of a category, a creator or the followed.
   * The page is shared between callers for LIST_CACHE_MS (following lists, per caller, are not);
   * each call adds the caller's likes and purchases in one query, so a purchase unlocks at once,
   * and locks are decided per caller. A caller who blocked an author of the shared page (one row
   * past it included, which decides nextCursor), or a page whose post stopped being published,
   * is answered by the uncached query instead: never a blocked author, never a short page.
   */
  async function list(userId: number, request: ListRequest): Promise<Page<PostCard>> {
    const order = request.sort === 'hot' ? PostOrders.hot : PostOrders.latest
    const after = decodeCursor(order.name, request.cursor)
    const filter = {
      categoryId: request.categoryId,
      authorId: request.authorId,
      following: request.following,
      keyword: request.keyword === undefined ? undefined : normalizeKeyword(request.keyword),
    }
    const options = { sort: request.sort, filter, after, limit: PAGE_SIZE + 1 }
    const uncached = async () => pageOf(userId, await repo.listPublished(db, userId, options), order)
    if (request.following) return uncached()
    const key = JSON.stringify([order.name, filter.categoryId, filter.authorId, filter.keyword, after?.key, after?.id])
    const shared = await sharedPages(key, () => repo.listPublished(db, null, options))
    if (shared.length === 0) return pageOf(userId, shared, order)
    const state = await repo.viewerState(db, userId, shared)
    if (state.unfit) return uncached()
    const own = shared.map((row) => ({ ...row, liked: state.liked.has(row.id), bought: state.bought.has(row.id) }))
    return pageOf(userId, own, order)
  }

  /** post/mypublish: the caller's posts in every state but removed, newest first. */
  async function mine(userId: number, cursor: string | undefined): Promise<Page<PostCard>> {
    const after = decodeCursor(PostOrders.mine.name, cursor)
    return pageOf(userId, await repo.listOwn(db, userId, after, PAGE_SIZE + 1), PostOrders.mine)
  }

  async function detail(userId: number, postId: number): Promise<PostDetail> {
    if (!(await visiblePost(db, userId, postId))) throw businessError(BusinessCode.NotFound)
    const row = await repo.findCard(db, userId, postId)
    if (!row) throw businessError(BusinessCode.NotFound)
    const [card] = toCards(userId, [row])
    const [followed, balance] = await Promise.all([
      row.authorId === userId ? false : repo.isFollowing(db, userId, row.authorId),
      wallet.balance(userId),
    ])
    const playable = !card!.locked && row.videoState === PostVideoState.Ready && row.videoId !== null
    return { ...card!, followed, balance, lines: playable ? await deps.playLines(userId, row.videoId!) : [] }
  }

  /**
   * post/publish. Every check runs inside one transaction holding the author's row, so two
   * publishes of one user are counted one after the other, and a refused post writes nothing.
   */
  async function publish(userId: number, request: PublishRequest): Promise<{ id: number; state: PostState }> {
    const imageKeys = request.imageIds
    if (new Set(imageKeys).size !== imageKeys.length) {
      throw new AppError(ResultCode.ValidationError, 'imageIds: must not repeat an image')
    }
    if (!(await categoryIds(db)).has(request.categoryId)) {
      throw new AppError(ResultCode.ValidationError, 'categoryId: not a community category')
    }
    return db.transaction(async (tx) => {
      const nowMs = deps.now()
      const user = await repo.lockUser(tx, userId)
      if (!user) throw businessError(BusinessCode.NotFound)
      refuseBanned(user.bannedUntil, nowMs)
      if ((await repo.countPostsSince(tx, userId, new Date(nowMs - DAY_MS))) >= DAILY_POST_LIMIT) {
        throw businessError(BusinessCode.PublishLimit)
      }
      const own = await lockOwnImages(tx, userId, imageKeys)
      if (imageKeys.some((key) => !own.has(key))) throw businessError(BusinessCode.ImageNotYours)
      let videoId: number | null = null
      if (request.videoUploadId !== undefined) {
        const video = await repo.findPostVideoForUpdate(tx, request.videoUploadId)
        if (!video || video.ownerId !== userId || video.state === PostVideoState.Failed || video.used) {
          throw businessError(BusinessCode.VideoUnusable)
        }
        videoId = video.id
      }
      const state = deps.config.moderation === 'pre' ? PostState.Pending : PostState.Published
      const at = new Date(nowMs)
      const id = await repo.insertPost(
        tx,
        {
          authorId: userId,
          categoryId: request.categoryId,
          content: request.content,
          price: request.price,
          state,
          videoId,
          createdAt: at,
          publishedAt: state === PostState.Published ? at : null,
        },
        imageKeys,
      )
      return { id, state }
    })
  }

  /** post/like: idempotent; a post the caller cannot see is 7004. A new like tells the post's author. */
  async function like(userId: number, postId: number, liked: boolean): Promise<LikeResult> {
    const post = await visiblePost(db, userId, postId)
    if (!post) throw businessError(BusinessCode.NotFound)
    const at = new Date(deps.now())
    const likeCount = await db.transaction(async (tx) => {
      const set = await repo.setLike(tx, userId, postId, liked, at)
      const liker = set.created ? await repo.findNickname(tx, userId) : null
      if (liker) {
        const target = { type: 'post' as const, id: post.id, postId: post.id, content: post.content }
        await writeMessage(tx, likeMessage({ recipientId: post.authorId, actor: liker, target }), at)
      }
      return set.likeCount
    })
    return { liked, likeCount }
  }

  /**
   * post/pay, as media/pay: the purchase row first (unique per user and post), so a retry or a
   * racing twin is answered alreadyOwned without a charge; then the buyer's debit and the
   * author's share, all in one transaction. Without the balance it rolls back, writing nothing.
   */
  async function pay(userId: number, postId: number): Promise<PayResult> {
    // Whatever the caller cannot see is 7004, as post/detail answers: no hint that the id exists.
    const post = await visiblePost(db, userId, postId)
    if (!post) throw businessError(BusinessCode.NotFound)
    if (post.authorId === userId) return { alreadyOwned: true, balance: await wallet.balance(userId) }
    if (post.price <= 0) throw businessError(BusinessCode.NotForSale)
    const authorShare = Math.floor((post.price * deps.config.creatorShare) / 100)
    return db.transaction(async (tx) => {
      const at = new Date(deps.now())
      const purchase = { userId, postId, price: post.price, authorId: post.authorId, authorShare, createdAt: at }
      if (!(await repo.insertPurchase(tx, purchase))) {
        return { alreadyOwned: true, balance: (await balanceOf(tx, userId)) ?? 0 }
      }
      await repo.lockUsers(tx, [userId, post.authorId])
      const ref = { refType: RefType.Post, refId: postId }
      const balance = await wallet.debitIn(tx, userId, post.price, { ...ref, reason: PostLedgerReason.Purchase })
      // Thrown, so the transaction rolls back the purchase row inserted before.
      if (balance === null) throw businessError(BusinessCode.InsufficientBalance)
      if (authorShare > 0) {
        await wallet.creditIn(tx, post.authorId, authorShare, { ...ref, reason: PostLedgerReason.CreatorShare })
      }
      return { alreadyOwned: false, balance }
    })
  }

  return { list, detail, mine, publish, like, pay }
}
export type PostsService = ReturnType<typeof createPostsService>
