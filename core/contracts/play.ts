import * as v from 'valibot'
import { CursorSchema, IdSchema, IntSchema } from './fields.ts'
import { pageOf, VideoCardSchema, VideoDetailSchema } from './media.ts'

/**
 * Watching and paying. Money is diamonds in cents of the display unit (core/format/money.ts).
 */

/** Why a video does not play for this user yet. */
export const PlayLock = {
  /** Plays. */
  None: 'none',
  /** Needs a membership tier the user does not have (VideoCard.vip). */
  Vip: 'vip',
  /** Sold for diamonds (VideoCard.price) and not bought. */
  Price: 'price',
} as const
export type PlayLock = (typeof PlayLock)[keyof typeof PlayLock]

/** One stream line (config VID/MP4 domains). */
export const PlayLineSchema = v.object({
  /** Shown in the line switcher, e.g. "线路1". */
  name: v.string(),
  /**
   * Master playlist URL. It may carry a short-lived play token bound to this user and video —
   * never the session token; segments never carry it, so a CDN caches them for everyone.
   */
  url: v.string(),
})
export type PlayLine = v.InferOutput<typeof PlayLineSchema>

/** media/play {id}: what the player needs. */
export const PlayInfoSchema = v.object({
  video: VideoDetailSchema,
  lock: v.picklist([PlayLock.None, PlayLock.Vip, PlayLock.Price]),
  /** Empty when locked; else one entry per stream line, in the config's order. */
  lines: v.array(PlayLineSchema),
  /** Seconds a locked video may be previewed (0: none); the preview plays from `previewLines`. */
  previewSeconds: v.number(),
  previewLines: v.array(PlayLineSchema),
  /** Diamonds; the unlock sheet shows it beside the price. */
  balance: IntSchema,
  liked: v.boolean(),
  favourited: v.boolean(),
  /** Seconds watched last time, to resume; 0 when new. */
  resumeAt: v.number(),
  /** Related videos (the like-video part of the play page). */
  related: v.array(VideoCardSchema),
})
export type PlayInfo = v.InferOutput<typeof PlayInfoSchema>

/**
 * media/trackList: where the user got to; the first report of a viewing also counts a play, which
 * the server counts once per user and video a day.
 */
export const TrackRequestSchema = v.object({
  id: IdSchema,
  /** Seconds into the video. */
  position: v.pipe(v.number(), v.minValue(0), v.maxValue(86_400)),
  /** True on the first report of a viewing: counts one play. */
  started: v.optional(v.boolean(), false),
})

/** media/like: set or clear the user's like; answers the new state and count. */
export const LikeRequestSchema = v.object({ id: IdSchema, like: v.boolean() })
export const LikeResultSchema = v.object({ liked: v.boolean(), likeCount: IntSchema })
export type LikeResult = v.InferOutput<typeof LikeResultSchema>

/** media/pay and media/collect/pay: charge once; a repeat answers alreadyOwned with no charge. */
export const PayResultSchema = v.object({
  alreadyOwned: v.boolean(),
  /** Diamonds after the purchase. */
  balance: IntSchema,
})
export type PayResult = v.InferOutput<typeof PayResultSchema>

/** collect/delete: remove favourites (idempotent). */
export const FavouriteDeleteRequestSchema = v.object({
  ids: v.pipe(v.array(IdSchema), v.minLength(1), v.maxLength(100)),
})

/** media/bought, collect/list and media/history: keyset pages of 10, newest first. */
export const MineListRequestSchema = v.object({ cursor: CursorSchema })
/** `at` is when (Unix seconds). */
export const MineVideoSchema = v.object({ ...VideoCardSchema.entries, at: IntSchema })
export const MineVideoPageSchema = pageOf(MineVideoSchema)
export type MineVideoPage = v.InferOutput<typeof MineVideoPageSchema>
/** media/history: also where the user got to (seconds), for "看到 mm:ss". */
export const MineHistoryPageSchema = pageOf(v.object({ ...MineVideoSchema.entries, position: v.number() }))
export type MineHistoryPage = v.InferOutput<typeof MineHistoryPageSchema>
