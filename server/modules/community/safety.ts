import type * as v from 'valibot'
import type { ReportRequestSchema } from '../../../core/contracts/community.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { businessError } from '../../errors.ts'
import { findComment } from './comments-repo.ts'
import { userExists } from './creators-repo.ts'
import type { CommunityDeps } from './deps.ts'
import { visiblePost } from './posts.ts'
import * as repo from './safety-repo.ts'

type ReportRequest = v.InferOutput<typeof ReportRequestSchema>

/** Reports and blocks: what a user does about others. */
export function createSafetyService(deps: CommunityDeps) {
  const { db } = deps

  /** Whether the reporter can see what they report: a post or comment hidden from them is 7004. */
  async function targetExists(userId: number, { targetType, targetId }: ReportRequest): Promise<boolean> {
    if (targetType === 'user') return userExists(db, targetId)
    if (targetType === 'post') return (await visiblePost(db, userId, targetId)) !== null
    const comment = await findComment(db, targetId)
    return comment !== null && !comment.removed && (await visiblePost(db, userId, comment.postId)) !== null
  }

  /** report/add: once per reporter and target; a repeat is answered alike and changes nothing. */
  async function report(userId: number, request: ReportRequest): Promise<null> {
    if (!(await targetExists(userId, request))) throw businessError(BusinessCode.NotFound)
    await repo.insertReport(db, {
      reporterId: userId,
      targetType: request.targetType,
      targetId: request.targetId,
      reason: request.reason,
      createdAt: new Date(deps.now()),
    })
    return null
  }

  /** user/block: idempotent both ways; the blocked user's posts and comments leave the blocker's lists. */
  async function block(userId: number, otherId: number, blocked: boolean): Promise<{ blocked: boolean }> {
    if (otherId === userId) throw businessError(BusinessCode.NotYourself)
    if (!(await userExists(db, otherId))) throw businessError(BusinessCode.NotFound)
    await repo.setBlock(db, userId, otherId, blocked, new Date(deps.now()))
    return { blocked }
  }

  return { report, block }
}
export type SafetyService = ReturnType<typeof createSafetyService>
