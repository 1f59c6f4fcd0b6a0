import { z } from 'zod'
import { IdSchema } from './fields.ts'
import type { Page, VideoCard, VideoDetail } from './media.ts'

/**
 * Watching and paying (server/modules/README.md). Money is diamonds in cents of the display unit
 * (core/format/money.ts). Request schemas are checked by the server; the app sends the same
 * shapes.
 */

const id = IdSchema
const cursor = z.string().max(256, 'cursor is too long').optional()

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

/** One stream line (config VID/MP4 domains): the master playlist on that line. */
export interface PlayLine {
  /** Shown in the line switcher, e.g. "线路1". */
  name: string
  /**
   * Master playlist URL. It may carry a short-lived play token bound to this user and video —
   * never the session token; segments never carry it, so a CDN caches them for everyone.
   */
  url: string
}

/** media/play {id}: what the player needs. */
export interface PlayInfo {
  video: VideoDetail
  lock: PlayLock
  /** Empty when locked; else one entry per stream line, in the config's order. */
  lines: PlayLine[]
  /** Seconds a locked video may be previewed (0: none); the preview plays from `previewLines`. */
  previewSeconds: number
  previewLines: PlayLine[]
  /** Diamonds; the unlock sheet shows it beside the price. */
  balance: number
  liked: boolean
  favourited: boolean
  /** Seconds watched last time, to resume; 0 when new. */
  resumeAt: number
  /** Related videos (the like-video part of the play page). */
  related: VideoCard[]
}

export const PlayRequestSchema = z.object({ id })

/**
 * media/trackList: where the user got to; the first report of a viewing also counts a play, which
 * the server counts once per user and video a day.
 */
export const TrackRequestSchema = z.object({
  id,
  /** Seconds into the video. */
  position: z.number().min(0).max(86_400),
  /** True on the first report of a viewing: counts one play. */
  started: z.boolean().default(false),
})

/** media/like: set or clear the user's like; answers the new state and count. */
export const LikeRequestSchema = z.object({ id, like: z.boolean() })
export interface LikeResult {
  liked: boolean
  likeCount: number
}

/** media/pay {id} and media/collect/pay {id}: charge once; a repeat answers alreadyOwned with no charge. */
export const PayRequestSchema = z.object({ id })
export interface PayResult {
  alreadyOwned: boolean
  /** Diamonds after the purchase. */
  balance: number
}

/** collect/operate: add a favourite; collect/delete: remove favourites. Both idempotent. */
export const FavouriteRequestSchema = z.object({ id })
export const FavouriteDeleteRequestSchema = z.object({ ids: z.array(id).min(1).max(100) })

/** media/bought, collect/list and media/history (Mine's lists; our names): keyset pages of 10, newest first; `at` is when (Unix seconds). */
export const MineListRequestSchema = z.object({ cursor })
export type MineVideoPage = Page<VideoCard & { at: number }>
/** media/history: also where the user got to (seconds), for "看到 mm:ss". */
export type MineHistoryPage = Page<VideoCard & { at: number; position: number }>
