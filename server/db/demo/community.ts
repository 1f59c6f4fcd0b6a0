import { and, eq, sql } from 'drizzle-orm'
import { PostState, PostVideoState } from '../../../core/contracts/community-rules.ts'
import { POST_VIDEO_CONTENT_TYPE } from '../../../core/contracts/media.ts'
import { createPostsService } from '../../modules/community/posts.ts'
import { HotWeight } from '../../modules/community/posts-repo.ts'
import { SCENES, type Drawing, type Scene } from '../../modules/images/draw.ts'
import type { ImageKind } from '../../modules/images/kinds.ts'
import type { StoredImage } from '../../modules/images/service.ts'
import { UnreferencedReason } from '../../modules/wallet/repo.ts'
import { createWalletService } from '../../modules/wallet/service.ts'
import type { Db } from '../client.ts'
import { users } from '../schema/accounts.ts'
import { videos } from '../schema/catalogue.ts'
import { commentLikes, comments, follows, postImages, postLikes, posts, postVideos } from '../schema/community.ts'
import { videoStreams } from '../schema/streams.ts'
import { demoVideos } from './catalogue.ts'
import {
  DEMO_COMMENTS,
  DEMO_CREATORS,
  DEMO_POSTS,
  DEMO_READERS,
  DEMO_REPLIES,
  type DemoPost,
} from './community-content.ts'
import { DEMO_ACCOUNT } from './account.ts'
import { readDemoStreamIndex, DEMO_STREAMS_DIR, type DemoStreamEntry } from './streams.ts'

/** Draws and stores one picture (seed.ts's store: drawn concurrently, inserted one at a time). */
export type StoreDrawing = (drawing: Drawing, kind: ImageKind, uploadedBy?: number) => Promise<StoredImage>

export interface DemoCommunityOptions {
  /** CREATOR_SHARE: the demo purchases credit their authors like post/pay. */
  creatorShare: number
  streamsDir?: string
}

const DAY_MS = 24 * 3600_000
const HOUR_MS = 3600_000
/** Under `${DATA_DIR}/media`, as streams.ts links the catalogue's demo streams. */
const DEMO_MEDIA_SUBDIR = 'demo'

/** Demo readers top up this much more than they spend (cents), so their wallets show a balance. */
const READER_SPARE = 1000

/**
 * The demo community (community-content.ts): creators with drawn avatars, posts in every
 * category with drawn pictures (images of kind `upload` of their author, as upload/img stores
 * them), video posts playing committed demo streams, likes, comments with replies, follows,
 * two priced posts bought through the wallet (the authors credited their share), and one post
 * waiting for review. Seeded once, into a database with the demo catalogue and no post yet:
 * an operator's own community is never mixed with demo content, and a data directory seeded
 * before the community existed gains it.
 */
export async function seedDemoCommunity(db: Db, now: Date, store: StoreDrawing, options: DemoCommunityOptions) {
  if ((await db.select({ id: posts.id }).from(posts).limit(1)).length > 0) return
  const marker = demoVideos(now)[0]!
  const catalogue = await db.select({ id: videos.id }).from(videos).where(eq(videos.title, marker.title)).limit(1)
  if (catalogue.length === 0) return

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS)
  /** Reactions happen after the post and before now. */
  const after = (start: Date, ms: number) => new Date(Math.min(start.getTime() + ms, now.getTime() - 60_000))

  const creatorIds = (
    await db
      .insert(users)
      .values(DEMO_CREATORS.map(({ nickname, intro }) => ({ nickname, intro, isGuest: false, createdAt: at(60) })))
      .returning({ id: users.id })
  ).map((row) => row.id)
  const readerIds = (
    await db
      .insert(users)
      .values(DEMO_READERS.map((nickname) => ({ nickname, isGuest: true, createdAt: at(60) })))
      .returning({ id: users.id })
  ).map((row) => row.id)
  const people = [...creatorIds, ...readerIds]

  const entries = (await readDemoStreamIndex(options.streamsDir ?? DEMO_STREAMS_DIR)) ?? []
  const streamOf = (post: DemoPost) => (post.video ? entries.find((entry) => entry.slug === post.video) : undefined)

  const [avatars, pictures, covers] = await Promise.all([
    Promise.all(creatorIds.map((id, i) => store(avatarDrawing(i), 'avatar', id))),
    Promise.all(
      DEMO_POSTS.map((post, p) =>
        Promise.all(
          Array.from({ length: post.images }, (_, i) => store(pictureDrawing(p, i), 'upload', creatorIds[post.author])),
        ),
      ),
    ),
    Promise.all(
      DEMO_POSTS.map((post, p) => {
        const entry = streamOf(post)
        return entry ? store(coverDrawing(p, entry), 'cover') : null
      }),
    ),
  ])
  for (const [i, id] of creatorIds.entries()) {
    await db.update(users).set({ avatar: avatars[i]!.key }).where(eq(users.id, id))
  }

  // Each video post's transcoded video as the upload job leaves it: a hidden videos row with
  // its stream, and a ready post_videos row.
  const postVideoIds: (number | null)[] = []
  for (const [p, post] of DEMO_POSTS.entries()) {
    const entry = streamOf(post)
    const cover = covers[p]
    if (!entry || !cover) {
      postVideoIds.push(null)
      continue
    }
    const published = at(post.daysAgo)
    const [video] = await db
      .insert(videos)
      .values({
        contentType: POST_VIDEO_CONTENT_TYPE,
        title: post.content.split('\n')[0]!.slice(0, 40),
        cover: cover.key,
        coverWidth: cover.width ?? 0,
        coverHeight: cover.height ?? 0,
        duration: entry.durationSeconds,
        publishedAt: published,
      })
      .returning({ id: videos.id })
    await db.insert(videoStreams).values({
      videoId: video!.id,
      dir: `${DEMO_MEDIA_SUBDIR}/${entry.slug}`,
      encrypted: entry.keyHex !== undefined,
      key: entry.keyHex === undefined ? null : Uint8Array.from(Buffer.from(entry.keyHex, 'hex')),
      renditions: entry.renditions,
      createdAt: published,
    })
    const [postVideo] = await db
      .insert(postVideos)
      .values({
        ownerId: creatorIds[post.author]!,
        duration: entry.durationSeconds,
        state: PostVideoState.Ready,
        videoId: video!.id,
        createdAt: new Date(published.getTime() - HOUR_MS),
        readyAt: published,
      })
      .returning({ id: postVideos.id })
    postVideoIds.push(postVideo!.id)
  }

  const plans = DEMO_POSTS.map((post, p) => planReactions(post, p, creatorIds, people))
  const postIds = (
    await db
      .insert(posts)
      .values(
        DEMO_POSTS.map((post, p) => {
          const { likers, threads } = plans[p]!
          const commentCount = threads.reduce((n, thread) => n + 1 + thread.replies.length, 0)
          return {
            authorId: creatorIds[post.author]!,
            categoryId: post.category,
            content: post.content,
            price: post.price ?? 0,
            state: post.pending ? PostState.Pending : PostState.Published,
            videoId: postVideoIds[p],
            likeCount: likers.length,
            commentCount,
            hotScore: likers.length * HotWeight.like + commentCount * HotWeight.comment,
            createdAt: post.pending ? at(post.daysAgo) : new Date(at(post.daysAgo).getTime() - 10 * 60_000),
            publishedAt: post.pending ? null : at(post.daysAgo),
          }
        }),
      )
      .returning({ id: posts.id })
  ).map((row) => row.id)

  const imageRows = DEMO_POSTS.flatMap((_, p) =>
    pictures[p]!.map((image, position) => ({ postId: postIds[p]!, position, imageKey: image.key })),
  )
  if (imageRows.length > 0) await db.insert(postImages).values(imageRows)

  const likeRows = DEMO_POSTS.flatMap((post, p) =>
    plans[p]!.likers.map((userId, k) => ({
      userId,
      postId: postIds[p]!,
      createdAt: after(at(post.daysAgo), (k + 1) * 2 * HOUR_MS),
    })),
  )
  if (likeRows.length > 0) await db.insert(postLikes).values(likeRows)

  for (const [p, post] of DEMO_POSTS.entries()) {
    const published = at(post.daysAgo)
    for (const [j, thread] of plans[p]!.threads.entries()) {
      const [top] = await db
        .insert(comments)
        .values({
          postId: postIds[p]!,
          authorId: thread.authorId,
          content: thread.content,
          likeCount: thread.likers.length,
          createdAt: after(published, (j + 1) * 45 * 60_000),
        })
        .returning({ id: comments.id })
      if (thread.likers.length > 0) {
        await db.insert(commentLikes).values(
          thread.likers.map((userId, k) => ({
            userId,
            commentId: top!.id,
            createdAt: after(published, (j + 2 + k) * 45 * 60_000),
          })),
        )
      }
      if (thread.replies.length > 0) {
        await db.insert(comments).values(
          thread.replies.map((reply, k) => ({
            postId: postIds[p]!,
            authorId: reply.authorId,
            parentId: top!.id,
            replyToUserId: reply.replyToUserId,
            content: reply.content,
            createdAt: after(published, (j + 2 + k) * 60 * 60_000),
          })),
        )
      }
    }
  }

  await db
    .insert(follows)
    .values(demoFollows(creatorIds, readerIds).map((follow) => ({ ...follow, createdAt: at(follow.daysAgo) })))
  await followAsDemoAccount(db, creatorIds, at)
  await buyPricedPosts(db, postIds, creatorIds, readerIds, at, options.creatorShare)
}

interface Thread {
  authorId: number
  content: string
  likers: number[]
  replies: { authorId: number; replyToUserId: number | null; content: string }[]
}

/**
 * Who likes and comments on post `p`, from index arithmetic so every seed is the same: 0–8
 * likes, and on two posts in three 1–4 comments, the first answered by the author (and that
 * answer answered in turn on every other post). A pending post has none.
 */
function planReactions(post: DemoPost, p: number, creatorIds: number[], people: number[]) {
  if (post.pending) return { likers: [], threads: [] as Thread[] }
  const authorId = creatorIds[post.author]!
  const others = people.filter((id) => id !== authorId)
  const pick = (k: number) => others[(p * 5 + k) % others.length]!
  const likers = Array.from({ length: (p * 5 + 3) % 9 }, (_, k) => pick(k))
  const threads: Thread[] =
    p % 3 === 2
      ? []
      : Array.from({ length: 1 + (p % 4) }, (_, j) => ({
          authorId: pick(j * 3 + 1),
          content: DEMO_COMMENTS[(p + j) % DEMO_COMMENTS.length]!,
          likers: j === 0 ? [authorId, pick(j * 3 + 2)] : [],
          replies: [],
        }))
  const first = threads[0]
  if (first) {
    first.replies.push({ authorId, replyToUserId: null, content: DEMO_REPLIES[p % 2]! })
    if (p % 2 === 0) {
      first.replies.push({
        authorId: pick(7),
        replyToUserId: authorId,
        content: DEMO_REPLIES[2 + (p % 4 === 0 ? 0 : 1)]!,
      })
    }
  }
  return { likers, threads }
}

/**
 * Readers follow two creators in three, creators follow two others each, on dates spread
 * over seven weeks (so the ranking's week, month and all-time orders differ).
 */
export function demoFollows(creatorIds: number[], readerIds: number[]) {
  const rows: { followerId: number; creatorId: number; daysAgo: number }[] = []
  for (const [r, followerId] of readerIds.entries()) {
    for (const [c, creatorId] of creatorIds.entries()) {
      if ((r + c) % 3 !== 0) rows.push({ followerId, creatorId, daysAgo: ((r * 7 + c * 11) % 50) + 0.5 })
    }
  }
  const n = creatorIds.length
  for (const [c, followerId] of creatorIds.entries()) {
    rows.push({ followerId, creatorId: creatorIds[(c + 1) % n]!, daysAgo: ((c * 9) % 40) + 1.5 })
    rows.push({ followerId, creatorId: creatorIds[(c + 3) % n]!, daysAgo: ((c * 13) % 45) + 2 })
  }
  return rows
}

/** The README's demo account (when there is one) follows two creators, so /mine/myFollow is not empty. */
async function followAsDemoAccount(db: Db, creatorIds: number[], at: (daysAgo: number) => Date) {
  const [demo] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.account}) = ${DEMO_ACCOUNT}`, eq(users.isGuest, false)))
    .limit(1)
  if (!demo) return
  await db.insert(follows).values([
    { followerId: demo.id, creatorId: creatorIds[2]!, createdAt: at(1) },
    { followerId: demo.id, creatorId: creatorIds[0]!, createdAt: at(3) },
  ])
}

/**
 * The priced posts' buyers pay through post/pay's own service, each at its purchase's date,
 * oldest first, after a demo top-up two months ago.
 */
async function buyPricedPosts(
  db: Db,
  postIds: number[],
  creatorIds: number[],
  readerIds: number[],
  at: (daysAgo: number) => Date,
  creatorShare: number,
) {
  const buys = DEMO_POSTS.flatMap((post, p) =>
    (post.buyers ?? []).map((buyer) => ({
      userId: readerIds[buyer.reader]!,
      postId: postIds[p]!,
      authorId: creatorIds[post.author]!,
      price: post.price ?? 0,
      daysAgo: buyer.daysAgo,
    })),
  ).sort((a, b) => b.daysAgo - a.daysAgo)
  const spend = new Map<number, number>()
  for (const buy of buys) spend.set(buy.userId, (spend.get(buy.userId) ?? 0) + buy.price)
  const topUp = createWalletService({ db, now: () => at(60).getTime() })
  for (const [userId, amount] of spend) {
    await topUp.credit(userId, amount + READER_SPARE, `${UnreferencedReason.Demo}演示余额`)
  }
  for (const buy of buys) {
    const when = at(buy.daysAgo).getTime()
    const postsService = createPostsService({
      db,
      now: () => when,
      config: { moderation: 'post', creatorShare },
      playLines: async () => [],
    })
    await postsService.pay(buy.userId, buy.postId)
  }
}

const avatarDrawing = (i: number): Drawing => ({
  width: 200,
  height: 200,
  hue: (i * 67 + 320) % 360,
  scene: SCENES[(i + 3) % SCENES.length] as Scene,
  format: 'webp',
})

/** Portrait, landscape and square pictures in turn, in a hue of their post. */
function pictureDrawing(p: number, i: number): Drawing {
  const shape = [
    { width: 480, height: 640 },
    { width: 640, height: 480 },
    { width: 480, height: 480 },
  ][(p + i) % 3]!
  return {
    ...shape,
    hue: (p * 37 + i * 23) % 360,
    scene: SCENES[(p + i * 2) % SCENES.length] as Scene,
    format: 'jpeg',
  }
}

/** A cover in the stream's own shape, with the play mark. */
function coverDrawing(p: number, entry: DemoStreamEntry): Drawing {
  const rendition = entry.renditions.at(-1)!
  const width = rendition.width >= rendition.height ? 640 : 360
  return {
    width,
    height: Math.round((width * rendition.height) / rendition.width),
    hue: (p * 53 + 10) % 360,
    scene: SCENES[p % SCENES.length] as Scene,
    play: true,
    format: 'jpeg',
  }
}
