import * as v from 'valibot'
import { CursorSchema, IntSchema } from './fields.ts'
import { pageOf } from './media.ts'

/** The message centre: server/modules/messages/README.md. */

/** One tab each on /mine/message. */
export const MessageType = {
  System: 'system',
  Reply: 'reply',
  Like: 'like',
  Moderation: 'moderation',
  Order: 'order',
  Reward: 'reward',
  Feedback: 'feedback',
} as const
export type MessageType = (typeof MessageType)[keyof typeof MessageType]
export const MESSAGE_TYPES = Object.values(MessageType)

export const MessageSchema = v.object({
  id: IntSchema,
  type: v.picklist(MESSAGE_TYPES),
  title: v.string(),
  body: v.string(),
  /** Where tapping it leads (an app path or a link by SPEC §4's rules); '' when nowhere. */
  link: v.string(),
  /** Unix seconds. */
  createdAt: IntSchema,
  read: v.boolean(),
})
export type Message = v.InferOutput<typeof MessageSchema>

export const LatestMessagesSchema = v.object({
  /** Unread messages of every type together (the badges). */
  unread: IntSchema,
  /** Every type, in MESSAGE_TYPES order, with its newest message (null when none). */
  types: v.array(v.object({ type: v.picklist(MESSAGE_TYPES), unread: IntSchema, latest: v.nullable(MessageSchema) })),
})
export type LatestMessages = v.InferOutput<typeof LatestMessagesSchema>

export const MessageListRequestSchema = v.object({ type: v.picklist(MESSAGE_TYPES), cursor: CursorSchema })
export const MessagePageSchema = pageOf(MessageSchema)
