import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { PostState, PostVideoState } from '../../../core/contracts/community-rules.ts'
import { POST_VIDEO_CONTENT_TYPE } from '../../../core/contracts/media.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { videos } from '../../db/schema/catalogue.ts'
import { postImages, postVideos, posts } from '../../db/schema/community.ts'
import { images } from '../../db/schema/images.ts'
import { START_MS } from '../../testing/harness.ts'
import type { TestClient } from '../../testing/client.ts'
import { runAudit, WALLET_RULES } from '../wallet/audit.ts'
import { createWalletService } from '../wallet/service.ts'
import { loginGuest } from '../wallet/testing.ts'
import { COMMUNITY_RULES } from './audit.ts'

/** Fixtures of the community's tests (and of any module that needs posts in its own). */

export async function insertUser(db: Db, spec: { nickname?: string; bannedUntil?: Date | null } = {}): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ nickname: spec.nickname ?? '用户', bannedUntil: spec.bannedUntil ?? null, createdAt: new Date(START_MS) })
    .returning({ id: users.id })
  return row!.id
}

/** A signed-in guest on its own client (another device); answers the client and the user id. */
export async function signIn(newClient: () => TestClient, device: string) {
  const client = newClient()
  const userId = await loginGuest(client, device)
  return { client, userId }
}

/** Diamonds as an operator's credit, so the ledger and the audit stay whole. */
export function fund(db: Db, userId: number, amount: number, now = () => START_MS) {
  return createWalletService({ db, now }).credit(userId, amount, 'admin: 测试充值')
}

/** An image upload/img stored for `uploadedBy` (the bytes are not a real picture: nothing decodes them). */
export async function insertImage(db: Db, uploadedBy: number | null, size = { width: 640, height: 480 }) {
  const key = randomBytes(12).toString('base64url')
  const bytes = randomBytes(32)
  await db.insert(images).values({
    key,
    kind: 'upload',
    scheme: 'marker',
    contentType: 'image/png',
    ...size,
    byteSize: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
    uploadedBy,
    createdAt: new Date(START_MS),
  })
  return key
}

export interface PostSpec {
  authorId: number
  categoryId?: number
  content?: string
  price?: number
  state?: PostState
  rejectReason?: string
  imageKeys?: string[]
  /** A post_videos id. */
  videoId?: number | null
  /** Default START_MS; a published post's publishedAt is the same unless given. */
  at?: Date
  publishedAt?: Date | null
  likeCount?: number
  commentCount?: number
  hotScore?: number
}

/** A post straight into the tables (published unless told otherwise); answers its id. */
export async function insertPost(db: Db, spec: PostSpec): Promise<number> {
  const at = spec.at ?? new Date(START_MS)
  const state = spec.state ?? PostState.Published
  const [row] = await db
    .insert(posts)
    .values({
      authorId: spec.authorId,
      categoryId: spec.categoryId ?? 1,
      content: spec.content ?? '今天天气不错',
      price: spec.price ?? 0,
      state,
      rejectReason: spec.rejectReason ?? '',
      videoId: spec.videoId ?? null,
      likeCount: spec.likeCount ?? 0,
      commentCount: spec.commentCount ?? 0,
      hotScore: spec.hotScore ?? 0,
      createdAt: at,
      publishedAt: spec.publishedAt !== undefined ? spec.publishedAt : state === PostState.Published ? at : null,
    })
    .returning({ id: posts.id })
  const id = row!.id
  const keys = spec.imageKeys ?? []
  if (keys.length > 0) {
    await db.insert(postImages).values(keys.map((imageKey, position) => ({ postId: id, position, imageKey })))
  }
  return id
}

/**
 * A post video as upload/video and its job leave it: processing (the probe's duration only),
 * failed, or ready with a hidden video row (content type POST_VIDEO_CONTENT_TYPE).
 */
export async function insertPostVideo(
  db: Db,
  spec: { ownerId: number; state?: PostVideoState; duration?: number },
): Promise<{ postVideoId: number; videoId: number | null }> {
  const state = spec.state ?? PostVideoState.Ready
  let videoId: number | null = null
  if (state === PostVideoState.Ready) {
    const [video] = await db
      .insert(videos)
      .values({
        contentType: POST_VIDEO_CONTENT_TYPE,
        title: '帖子视频',
        cover: 'postvideocover01',
        coverWidth: 720,
        coverHeight: 1280,
        duration: Math.round(spec.duration ?? 12),
        publishedAt: new Date(START_MS),
      })
      .returning({ id: videos.id })
    videoId = video!.id
  }
  const [row] = await db
    .insert(postVideos)
    .values({
      ownerId: spec.ownerId,
      duration: spec.duration ?? 12.4,
      state,
      videoId,
      createdAt: new Date(START_MS),
      readyAt: state === PostVideoState.Ready ? new Date(START_MS) : null,
    })
    .returning({ id: postVideos.id })
  return { postVideoId: row!.id, videoId }
}

export async function postRow(db: Db, postId: number) {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId))
  return row!
}

/** The wallet's and the community's audit rules over the database: [] when the books hold. */
export const communityAudit = (db: Db) => runAudit(db, [...WALLET_RULES, ...COMMUNITY_RULES])
