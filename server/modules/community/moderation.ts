import { PostState } from '../../../core/contracts/community-rules.ts'
import type { Db } from '../../db/client.ts'
import { moderationMessage, type ModerationOutcome } from '../messages/events.ts'
import { writeMessage } from '../messages/write.ts'
import * as repo from './moderation-repo.ts'
import { moveCommentCount } from './posts-repo.ts'

/** Rows the queue and the reports list print at most. */
export const MODERATION_LIST_LIMIT = 50

/** What a ban without an end is stored as: later than anything the app compares it with. */
export const BANNED_INDEFINITELY = new Date(Date.UTC(9999, 11, 31))

/** A refusal the operator can act on (no such post, not pending…); nothing was changed. */
export class ModerationRefusal extends Error {
  override name = 'ModerationRefusal'
}

/**
 * The operators' side of the community (README.md, "Moderation"): the review queue of
 * MODERATION=pre, reports, removing content and banning users. Run by the admin commands.
 */
export function createModerationService(deps: { db: Db; now: () => number }) {
  const { db } = deps

  /** Tells a post's author the outcome, in the decision's transaction. */
  async function tellAuthor(
    tx: Db,
    postId: number,
    post: { authorId: number; content: string },
    outcome: ModerationOutcome,
    at: Date,
  ) {
    const message = { recipientId: post.authorId, postId, ref: { type: 'post' as const, id: postId } }
    await writeMessage(tx, moderationMessage({ ...message, content: post.content, outcome }), at)
  }

  async function notPending(postId: number): Promise<never> {
    const state = await repo.postState(db, postId)
    throw new ModerationRefusal(
      state === null ? `no post with id ${postId}` : `post ${postId} is ${state}, not pending`,
    )
  }

  return {
    queue: async () => ({
      posts: await repo.pendingPosts(db, MODERATION_LIST_LIMIT),
      total: await repo.countPending(db),
    }),

    /** Publishes a pending post: visible to everyone from now, its publishedAt. Its author is told. */
    async approve(postId: number): Promise<void> {
      const at = new Date(deps.now())
      const decided = await db.transaction(async (tx) => {
        const post = await repo.decidePending(tx, postId, { state: PostState.Published, publishedAt: at })
        if (post) await tellAuthor(tx, postId, post, { kind: 'approved' }, at)
        return post !== null
      })
      if (!decided) await notPending(postId)
    },

    /** Rejects a pending post: its author alone sees it, with the reason, and is told it. */
    async reject(postId: number, reason: string): Promise<void> {
      const at = new Date(deps.now())
      const decided = await db.transaction(async (tx) => {
        const post = await repo.decidePending(tx, postId, { state: PostState.Rejected, rejectReason: reason })
        if (post) await tellAuthor(tx, postId, post, { kind: 'rejected', reason }, at)
        return post !== null
      })
      if (!decided) await notPending(postId)
    },

    reports: async () => ({
      reports: await repo.openReports(db, MODERATION_LIST_LIMIT),
      total: await repo.countOpenReports(db),
    }),

    /**
     * Removes a post (visible to nobody, its author included) or a comment (left out of every
     * list, a top-level one with its thread; the post's comment count drops by what was hidden), and resolves the target's open reports. Removing it
     * again only resolves reports made since.
     */
    async remove(targetType: 'post' | 'comment', id: number): Promise<{ removed: boolean; resolved: number }> {
      return db.transaction(async (tx) => {
        const at = new Date(deps.now())
        let removed: boolean
        if (targetType === 'post') {
          const post = await repo.removePost(tx, id)
          removed = post !== null
          if (post) await tellAuthor(tx, id, post, { kind: 'post-removed' }, at)
          else if ((await repo.postState(tx, id)) === null) throw new ModerationRefusal(`no post with id ${id}`)
        } else {
          const gone = await repo.removeComment(tx, id)
          removed = gone !== null
          if (gone !== null) {
            await moveCommentCount(tx, gone.postId, -gone.hidden)
            const message = { recipientId: gone.authorId, postId: gone.postId, content: gone.content }
            const ref = { type: 'comment' as const, id }
            await writeMessage(tx, moderationMessage({ ...message, ref, outcome: { kind: 'comment-removed' } }), at)
          } else if (!(await repo.commentExists(tx, id))) throw new ModerationRefusal(`no comment with id ${id}`)
        }
        return { removed, resolved: await repo.resolveReports(tx, targetType, id, at) }
      })
    },

    /**
     * Bans a user for `days` from now, indefinitely when null, or lifts the ban when 0. A ban
     * resolves the open reports of the user.
     */
    async ban(userId: number, days: number | null): Promise<{ until: Date | null; resolved: number }> {
      return db.transaction(async (tx) => {
        const now = deps.now()
        const until = days === 0 ? null : days === null ? BANNED_INDEFINITELY : new Date(now + days * 86_400_000)
        if (!(await repo.setBannedUntil(tx, userId, until))) throw new ModerationRefusal(`no user with id ${userId}`)
        const resolved = until === null ? 0 : await repo.resolveReports(tx, 'user', userId, new Date(now))
        return { until, resolved }
      })
    },
  }
}
export type ModerationService = ReturnType<typeof createModerationService>
