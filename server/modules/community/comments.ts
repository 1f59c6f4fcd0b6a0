import type * as v from 'valibot'
import type {
  Comment,
  CommentAddRequestSchema,
  CommentListRequestSchema,
  CommentThread,
} from '../../../core/contracts/community.ts'
import { PostState } from '../../../core/contracts/community-rules.ts'
import { PAGE_SIZE, type Page } from '../../../core/contracts/media.ts'
import type { LikeResult } from '../../../core/contracts/play.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import { AppError, businessError } from '../../errors.ts'
import { refuseBanned } from '../accounts/ban.ts'
import { decodeCursor, encodeCursor } from '../catalogue/cursor.ts'
import { commentMessage, likeMessage } from '../messages/events.ts'
import { writeMessage } from '../messages/write.ts'
import * as repo from './comments-repo.ts'
import type { CommentRow } from './comments-repo.ts'
import type { CommunityDeps } from './deps.ts'
import { toAuthor, visiblePost } from './posts.ts'
import { moveCommentCount } from './posts-repo.ts'

type AddRequest = v.InferOutput<typeof CommentAddRequestSchema>
type ListRequest = v.InferOutput<typeof CommentListRequestSchema>

/**
 * Replies shown under a comment in comment/list, and a page of comment/list with `parentId`;
 * `replyCount` tells the app how many there are.
 */
export const REPLIES_SHOWN = 20

const COMMENTS_LIST = 'comments'
const REPLIES_LIST = 'comment-replies'

const replyPosition = (row: CommentRow) => encodeCursor(REPLIES_LIST, { key: row.createdMs, id: row.id })

function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    postId: row.postId,
    author: toAuthor({ id: row.authorId, nickname: row.nickname, avatar: row.avatar }),
    content: row.content,
    parentId: row.parentId,
    replyToNickname:
      row.replyToId === null
        ? ''
        : toAuthor({ id: row.replyToId, nickname: row.replyToNickname ?? '', avatar: '' }).nickname,
    liked: row.liked,
    likeCount: row.likeCount,
    createdAt: Math.floor(row.createdMs / 1000),
  }
}

/**
 * Comments: one level of replies under a top-level comment. Removed comments and those of users
 * the reader blocked are left out of every list (a removed top-level comment takes its thread).
 */
export function createCommentsService(deps: CommunityDeps) {
  const { db } = deps

  /**
   * comment/list: top-level comments newest first, each with its first replies oldest first; with
   * `parentId`, the rest of that thread's replies.
   */
  async function list(userId: number, request: ListRequest): Promise<Page<CommentThread>> {
    const { postId, parentId, cursor } = request
    if (parentId !== undefined) return listThread(userId, postId, parentId, cursor)
    const after = decodeCursor(COMMENTS_LIST, cursor)
    if (!(await visiblePost(db, userId, postId))) throw businessError(BusinessCode.NotFound)
    const rows = await repo.listTopLevel(db, userId, postId, after, PAGE_SIZE + 1)
    const shown = rows.slice(0, PAGE_SIZE)
    const replies = await repo.listReplies(
      db,
      userId,
      shown.map((row) => row.id),
      REPLIES_SHOWN,
    )
    const last = shown.at(-1)
    return {
      items: shown.map((row) => {
        const thread = replies.filter((reply) => reply.parentId === row.id)
        const replyCount = thread[0]?.total ?? 0
        const lastReply = thread.at(-1)
        return {
          ...toComment(row),
          replies: thread.map(toComment),
          replyCount,
          repliesCursor: lastReply && replyCount > thread.length ? replyPosition(lastReply) : null,
        }
      }),
      nextCursor:
        rows.length > PAGE_SIZE && last ? encodeCursor(COMMENTS_LIST, { key: last.createdMs, id: last.id }) : null,
    }
  }

  /** A thread's replies oldest first, in pages of REPLIES_SHOWN, under the same rules as the threads. */
  async function listThread(
    userId: number,
    postId: number,
    parentId: number,
    cursor: string | undefined,
  ): Promise<Page<CommentThread>> {
    const after = decodeCursor(REPLIES_LIST, cursor)
    if (!(await visiblePost(db, userId, postId))) throw businessError(BusinessCode.NotFound)
    // A removed thread, or one by someone the caller blocked, is not shown: not one to open either.
    if (!(await repo.isShownThread(db, userId, postId, parentId))) {
      throw new AppError(ResultCode.ValidationError, 'parentId: not a top-level comment of this post')
    }
    const rows = await repo.listThreadReplies(db, userId, parentId, after, REPLIES_SHOWN + 1)
    const shown = rows.slice(0, REPLIES_SHOWN)
    const last = shown.at(-1)
    return {
      items: shown.map((row) => ({ ...toComment(row), replies: [], replyCount: 0, repliesCursor: null })),
      nextCursor: rows.length > REPLIES_SHOWN && last ? replyPosition(last) : null,
    }
  }

  /**
   * comment/add on a published post the caller sees and has unlocked (README.md, "Locks"). A reply to a reply hangs under that reply's
   * top-level comment and names whom it answers.
   */
  async function add(userId: number, request: AddRequest): Promise<Comment> {
    const nowMs = deps.now()
    const user = await repo.findUser(db, userId)
    if (!user) throw businessError(BusinessCode.NotFound)
    refuseBanned(user.bannedUntil, nowMs)
    // A post the caller cannot see is 7004 whatever its state, as post/detail: nothing tells that it exists.
    const post = await visiblePost(db, userId, request.postId)
    if (!post) throw businessError(BusinessCode.NotFound)
    if (post.state !== PostState.Published) throw businessError(BusinessCode.PostUnavailable)
    if (post.price > 0 && post.authorId !== userId && !(await repo.hasBought(db, userId, post.id))) {
      throw businessError(BusinessCode.PostLocked)
    }
    let parentId: number | null = null
    let replyTo: { id: number; nickname: string } | null = null
    /** Whose comment this answers: told of the reply, as the post's author is of the comment. */
    let answeredAuthorId: number | null = null
    if (request.replyTo !== undefined) {
      const target = await repo.findComment(db, request.replyTo)
      // A removed top-level comment takes its thread: its replies take no more answers.
      const head = target?.parentId ? await repo.findComment(db, target.parentId) : target
      if (!target || target.postId !== post.id || target.removed || !head || head.removed) {
        throw new AppError(ResultCode.ValidationError, 'replyTo: not a comment of this post')
      }
      parentId = target.parentId ?? target.id
      answeredAuthorId = target.authorId
      if (target.parentId !== null) {
        const answered = await repo.findUser(db, target.authorId)
        replyTo = { id: target.authorId, nickname: answered?.nickname ?? '' }
      }
    }
    const createdAt = new Date(nowMs)
    const id = await db.transaction(async (tx) => {
      const id = await repo.insertComment(tx, {
        postId: post.id,
        authorId: userId,
        parentId,
        replyToUserId: replyTo?.id ?? null,
        content: request.content,
        createdAt,
      })
      await moveCommentCount(tx, post.id, 1)
      const told = { actor: user, postId: post.id, commentId: id, content: request.content }
      if (answeredAuthorId !== null) {
        await writeMessage(tx, commentMessage({ ...told, recipientId: answeredAuthorId, isReply: true }), createdAt)
      }
      if (post.authorId !== answeredAuthorId) {
        await writeMessage(tx, commentMessage({ ...told, recipientId: post.authorId, isReply: false }), createdAt)
      }
      return id
    })
    return toComment({
      id,
      postId: post.id,
      parentId,
      authorId: userId,
      nickname: user.nickname,
      avatar: user.avatar,
      content: request.content,
      replyToId: replyTo?.id ?? null,
      replyToNickname: replyTo?.nickname ?? null,
      liked: false,
      likeCount: 0,
      createdMs: nowMs,
      total: 0,
    })
  }

  /** comment/like: idempotent; a comment the caller cannot see is 7004. A new like tells the comment's author. */
  async function like(userId: number, commentId: number, liked: boolean): Promise<LikeResult> {
    const comment = await repo.findComment(db, commentId)
    if (!comment || comment.removed || !(await visiblePost(db, userId, comment.postId))) {
      throw businessError(BusinessCode.NotFound)
    }
    const at = new Date(deps.now())
    const likeCount = await db.transaction(async (tx) => {
      const set = await repo.setLike(tx, userId, commentId, liked, at)
      const liker = set.created ? await repo.findUser(tx, userId) : null
      if (liker) {
        const target = { type: 'comment' as const, id: comment.id, postId: comment.postId, content: comment.content }
        await writeMessage(tx, likeMessage({ recipientId: comment.authorId, actor: liker, target }), at)
      }
      return set.likeCount
    })
    return { liked, likeCount }
  }

  return { list, add, like }
}
export type CommentsService = ReturnType<typeof createCommentsService>
