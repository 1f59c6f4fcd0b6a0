/**
 * Community rules the contracts and the app's forms share, with no validation library, so the
 * publish form counts and checks what it is about to send without loading one.
 */

export const POST_TEXT_MAX = 2000
export const POST_IMAGES_MAX = 9
/** Diamonds in cents: a priced post costs at most 1000.00 diamonds. */
export const POST_PRICE_MAX = 100_000
export const COMMENT_TEXT_MAX = 500
export const REPORT_REASON_MAX = 200
/** A locked post shows this much of its text (whole lines, at most this many characters). */
export const LOCKED_PREVIEW_CHARACTERS = 60

/** The largest video upload/video takes, and its longest duration. */
export const MAX_VIDEO_UPLOAD_BYTES = 500 * 1024 * 1024
export const MAX_VIDEO_SECONDS = 10 * 60

/**
 * A post's life: `pending` waits for review (MODERATION=pre), `published` is seen by everyone,
 * `rejected` only by its author (with the reason), `removed` by nobody but operators.
 */
export const PostState = {
  Pending: 'pending',
  Published: 'published',
  Rejected: 'rejected',
  Removed: 'removed',
} as const
export type PostState = (typeof PostState)[keyof typeof PostState]

/** A post's video: transcoding (处理中), playable, or failed after its retries. */
export const PostVideoState = { Processing: 'processing', Ready: 'ready', Failed: 'failed' } as const
export type PostVideoState = (typeof PostVideoState)[keyof typeof PostVideoState]

export const RankPeriods = ['week', 'month', 'all'] as const
export type RankPeriod = (typeof RankPeriods)[number]
export const RankOrders = ['followers', 'likes', 'income'] as const
export type RankOrder = (typeof RankOrders)[number]
export const ReportTargets = ['post', 'comment', 'user'] as const
export type ReportTarget = (typeof ReportTargets)[number]
