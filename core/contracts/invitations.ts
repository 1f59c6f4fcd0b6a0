import * as v from 'valibot'
import { CursorSchema, IntSchema } from './fields.ts'
import { pageOf } from './media.ts'
import { codeText } from './welfare.ts'
import { INVITE_CODE_MAX } from './welfare-rules.ts'

/** Invitations: server/modules/invitations/README.md. */

export const InviteCodeRequestSchema = v.object({ code: codeText(INVITE_CODE_MAX) })
export const InviterSchema = v.object({ id: IntSchema, nickname: v.string() })
export const InviteeSchema = v.object({
  id: IntSchema,
  nickname: v.string(),
  /** Image key; '' when none. */
  avatar: v.string(),
  /** Whether the invitee became an account (the registration reward is paid then). */
  registered: v.boolean(),
  /** Unix seconds. */
  joinedAt: IntSchema,
  /** What this invitee earned the inviter: diamonds (cents) from top-ups, points from registering. */
  diamonds: IntSchema,
  points: IntSchema,
})
export type Invitee = v.InferOutput<typeof InviteeSchema>
export const InviteIncomeSchema = v.object({
  /** The caller's own invite code. */
  code: v.string(),
  totals: v.object({ invitees: IntSchema, registered: IntSchema, diamonds: IntSchema, points: IntSchema }),
  invitees: pageOf(InviteeSchema),
})
export type InviteIncome = v.InferOutput<typeof InviteIncomeSchema>
export const InviteIncomeRequestSchema = v.object({ cursor: CursorSchema })
