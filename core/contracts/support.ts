import * as v from 'valibot'
import { ImageIdSchema } from './account.ts'
import { PostImageSchema } from './community.ts'
import { CursorSchema, IntSchema, PlainTextSchema } from './fields.ts'
import { pageOf } from './media.ts'

/** Feedback, customer service and the FAQ assistant: server/modules/support/README.md. */

export const FeedbackType = {
  Bug: 'bug',
  Playback: 'playback',
  Payment: 'payment',
  Suggestion: 'suggestion',
  Other: 'other',
} as const
export type FeedbackType = (typeof FeedbackType)[keyof typeof FeedbackType]
export const FEEDBACK_TYPES = Object.values(FeedbackType)
export const FEEDBACK_TEXT_MAX = 500
export const FEEDBACK_IMAGES_MAX = 4
export const FEEDBACK_CONTACT_MAX = 50

export const FeedbackRequestSchema = v.object({
  type: v.picklist(FEEDBACK_TYPES),
  content: v.pipe(
    v.string('must be text'),
    v.check((value) => !/[\p{Cc}]/u.test(value.replace(/\r?\n/g, '')), 'must not contain control characters'),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(FEEDBACK_TEXT_MAX, `must be at most ${FEEDBACK_TEXT_MAX} characters`),
  ),
  imageIds: v.optional(
    v.pipe(v.array(ImageIdSchema), v.maxLength(FEEDBACK_IMAGES_MAX, `must be at most ${FEEDBACK_IMAGES_MAX} images`)),
    [],
  ),
  contact: v.optional(
    v.pipe(
      PlainTextSchema,
      v.trim(),
      v.maxLength(FEEDBACK_CONTACT_MAX, `must be at most ${FEEDBACK_CONTACT_MAX} characters`),
    ),
    '',
  ),
})
export const FeedbackResultSchema = v.object({ id: IntSchema })

export const FeedbackSchema = v.object({
  id: IntSchema,
  type: v.picklist(FEEDBACK_TYPES),
  content: v.string(),
  images: v.array(PostImageSchema),
  contact: v.string(),
  /** Unix seconds. */
  createdAt: IntSchema,
  /** The operator's reply; '' until there is one. */
  reply: v.string(),
  /** Unix seconds; null until replied. */
  repliedAt: v.nullable(IntSchema),
})
export type Feedback = v.InferOutput<typeof FeedbackSchema>
export const FeedbackListRequestSchema = v.object({ cursor: CursorSchema })
export const FeedbackPageSchema = pageOf(FeedbackSchema)

export const FaqEntrySchema = v.object({
  id: IntSchema,
  question: v.string(),
  answer: v.string(),
  /** Words that point to this entry besides its question's own. */
  keywords: v.array(v.string()),
  /** Offered as a suggested question when the chat opens. */
  suggested: v.boolean(),
})
export type FaqEntry = v.InferOutput<typeof FaqEntrySchema>
export const FaqListSchema = v.object({ entries: v.array(FaqEntrySchema) })

const LinkSchema = v.object({ name: v.string(), url: v.string() })
/** Customer-service channels from operator config (`contact`). URLs open by SPEC §4's link rules. */
export const ContactSchema = v.object({
  /** /mine/setting/kf: each channel with its link (a chat app, mail, a page). */
  channels: v.array(v.object({ ...LinkSchema.entries, note: v.string() })),
  /** /mine/onLine: the online service's page ('' when none); gets the token only on an operator domain. */
  onlineUrl: v.string(),
  /** /mine/officialGroup: groups to join, each shown with its link as a QR code. */
  groups: v.array(LinkSchema),
  /** /mine/setting/recruitment. */
  recruitment: v.object({ title: v.string(), text: v.string(), contact: v.string() }),
})
export type Contact = v.InferOutput<typeof ContactSchema>
