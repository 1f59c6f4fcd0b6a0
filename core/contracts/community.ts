import * as v from 'valibot'
import { ImageIdSchema } from './account.ts'
import {
  COMMENT_TEXT_MAX,
  POST_IMAGES_MAX,
  POST_PRICE_MAX,
  POST_TEXT_MAX,
  PostState,
  PostVideoState,
  RankOrders,
  RankPeriods,
  REPORT_REASON_MAX,
  ReportTargets,
} from './community-rules.ts'
import { CursorSchema, IdSchema, IntSchema, PlainTextSchema } from './fields.ts'
import { pageOf } from './media.ts'
import { PlayLineSchema } from './play.ts'

/** Post, comment and creator shapes: server/modules/community/README.md. */

const text = (max: number) =>
  v.pipe(
    PlainTextSchema,
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(max, `must be at most ${max} characters`),
  )

/** Post text keeps its line breaks: only other control characters are refused. */
const PostTextSchema = v.pipe(
  v.string('must be text'),
  v.check((value) => !/[\p{Cc}]/u.test(value.replace(/\r?\n/g, '')), 'must not contain control characters'),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(POST_TEXT_MAX, `must be at most ${POST_TEXT_MAX} characters`),
)

/** Who wrote a post or comment, as cards show them. */
export const AuthorSchema = v.object({
  id: IntSchema,
  nickname: v.string(),
  /** Image key; '' when none. */
  avatar: v.string(),
})
export type Author = v.InferOutput<typeof AuthorSchema>

export const PostImageSchema = v.object({
  /** Image key, served scrambled at /img/<key> like every image. */
  key: v.string(),
  width: IntSchema,
  height: IntSchema,
})
export type PostImage = v.InferOutput<typeof PostImageSchema>

export const PostVideoSchema = v.object({
  state: v.picklist([PostVideoState.Processing, PostVideoState.Ready, PostVideoState.Failed]),
  /** Image key of the cover; '' until the video is ready. */
  cover: v.string(),
  coverWidth: IntSchema,
  coverHeight: IntSchema,
  /** Seconds (from the upload's probe while processing). */
  duration: IntSchema,
})
export type PostVideo = v.InferOutput<typeof PostVideoSchema>

const PostStateSchema = v.picklist([PostState.Pending, PostState.Published, PostState.Rejected, PostState.Removed])

/**
 * A post as lists show it. A locked post (priced, not bought, not the caller's) carries only the
 * first lines of its text (`truncated`), its image count and whether it has a video: never
 * the images or the video.
 */
export const PostCardSchema = v.object({
  id: IntSchema,
  author: AuthorSchema,
  categoryId: IntSchema,
  content: v.string(),
  /** The text was cut because the post is locked. */
  truncated: v.boolean(),
  images: v.array(PostImageSchema),
  imageCount: IntSchema,
  /** Null when the post has no video, or it is locked (then `hasVideo` says so). */
  video: v.nullable(PostVideoSchema),
  hasVideo: v.boolean(),
  /** Diamonds in cents; 0 when free. */
  price: IntSchema,
  locked: v.boolean(),
  liked: v.boolean(),
  likeCount: IntSchema,
  commentCount: IntSchema,
  /** Unix seconds. */
  createdAt: IntSchema,
  state: PostStateSchema,
  /** Why it was rejected; only its author sees it, '' otherwise. */
  rejectReason: v.string(),
})
export type PostCard = v.InferOutput<typeof PostCardSchema>
export const PostPageSchema = pageOf(PostCardSchema)

/** post/detail: the card, the video's lines when it is ready and unlocked, and the caller's balance. */
export const PostDetailSchema = v.object({
  ...PostCardSchema.entries,
  followed: v.boolean(),
  /** Play lines of the video (with a play token); empty while locked or processing. */
  lines: v.array(PlayLineSchema),
  /** Diamonds; the unlock sheet shows it beside the price. */
  balance: IntSchema,
})
export type PostDetail = v.InferOutput<typeof PostDetailSchema>

export const PostListRequestSchema = v.object({
  categoryId: v.optional(IdSchema),
  /** One creator's published posts (their page). */
  authorId: v.optional(IdSchema),
  sort: v.optional(v.picklist(['latest', 'hot']), 'latest'),
  /** Only posts of the creators the caller follows. */
  following: v.optional(v.boolean(), false),
  /** Only posts whose text contains it (a priced post's text is what it sells: free posts only). */
  keyword: v.optional(text(16)),
  cursor: CursorSchema,
})

export const PublishRequestSchema = v.object({
  categoryId: IdSchema,
  content: PostTextSchema,
  imageIds: v.optional(
    v.pipe(v.array(ImageIdSchema), v.maxLength(POST_IMAGES_MAX, `must hold at most ${POST_IMAGES_MAX} images`)),
    [],
  ),
  /** The id upload/video answered for the finished upload. */
  videoUploadId: v.optional(IdSchema),
  price: v.optional(
    v.pipe(
      v.number('must be a number'),
      v.integer('must be whole'),
      v.minValue(0, 'must not be negative'),
      v.maxValue(POST_PRICE_MAX, `must be at most ${POST_PRICE_MAX}`),
    ),
    0,
  ),
})
export const PublishResultSchema = v.object({ id: IntSchema, state: PostStateSchema })

export const CommentSchema = v.object({
  id: IntSchema,
  postId: IntSchema,
  author: AuthorSchema,
  content: v.string(),
  /** The comment a reply answers (one level: replies hang under a top-level comment). */
  parentId: v.nullable(IntSchema),
  /** Whom a reply answers, when it answers a reply. */
  replyToNickname: v.string(),
  liked: v.boolean(),
  likeCount: IntSchema,
  createdAt: IntSchema,
})
export type Comment = v.InferOutput<typeof CommentSchema>
/**
 * A top-level comment with its first replies, oldest first. `repliesCursor` continues them
 * (comment/list with `parentId`) while `replies` holds fewer than `replyCount`, else null.
 */
export const CommentThreadSchema = v.object({
  ...CommentSchema.entries,
  replies: v.array(CommentSchema),
  replyCount: IntSchema,
  repliesCursor: v.nullable(v.string()),
})
export type CommentThread = v.InferOutput<typeof CommentThreadSchema>
export const CommentPageSchema = pageOf(CommentThreadSchema)
/**
 * A post's threads; with `parentId` (a top-level comment of that post), that comment's replies
 * instead, oldest first, as threads without replies of their own.
 */
export const CommentListRequestSchema = v.object({
  postId: IdSchema,
  parentId: v.optional(IdSchema),
  cursor: CursorSchema,
})
export const CommentAddRequestSchema = v.object({
  postId: IdSchema,
  content: text(COMMENT_TEXT_MAX),
  /** A comment of the same post; a reply to a reply hangs under its top-level comment. */
  replyTo: v.optional(IdSchema),
})

/** A creator as lists (rank, follows, search) show them. */
export const CreatorCardSchema = v.object({
  ...AuthorSchema.entries,
  intro: v.string(),
  followers: IntSchema,
  posts: IntSchema,
  followed: v.boolean(),
})
export type CreatorCard = v.InferOutput<typeof CreatorCardSchema>
export const CreatorPageSchema = pageOf(CreatorCardSchema)

/** upblogers/info: a creator's page. */
export const CreatorSchema = v.object({
  ...CreatorCardSchema.entries,
  following: IntSchema,
  /** Likes on their published posts. */
  likes: IntSchema,
  /** The caller blocked them. */
  blocked: v.boolean(),
  /** The caller is this creator. */
  self: v.boolean(),
})
export type Creator = v.InferOutput<typeof CreatorSchema>

export const FollowRequestSchema = v.object({ id: IdSchema, follow: v.boolean() })
export const FollowResultSchema = v.object({ followed: v.boolean(), followers: IntSchema })

export const RankRequestSchema = v.object({
  period: v.optional(v.picklist(RankPeriods), 'week'),
  by: v.optional(v.picklist(RankOrders), 'followers'),
})
export const RankEntrySchema = v.object({
  ...CreatorCardSchema.entries,
  rank: IntSchema,
  /** New followers, likes received or diamonds earned (cents) in the period. */
  value: IntSchema,
})
export const RankSchema = v.object({ items: v.array(RankEntrySchema) })

export const UserSearchRequestSchema = v.object({
  keyword: v.pipe(text(16)),
  cursor: CursorSchema,
})

export const ReportRequestSchema = v.object({
  targetType: v.picklist(ReportTargets),
  targetId: IdSchema,
  reason: text(REPORT_REASON_MAX),
})
export const BlockRequestSchema = v.object({ id: IdSchema, block: v.boolean() })
export const BlockResultSchema = v.object({ blocked: v.boolean() })

/** upload/video's last chunk: the probed upload, to name in post/publish as `videoUploadId`. */
export const UploadedVideoSchema = v.object({
  videoUploadId: IntSchema,
  /** Seconds, from ffprobe. */
  duration: IntSchema,
})
export const VideoChunkResultSchema = v.object({
  present: v.optional(v.boolean()),
  done: v.boolean(),
  video: v.optional(UploadedVideoSchema),
})
