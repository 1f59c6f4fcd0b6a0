import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PostState, PostVideoState } from '../../../core/contracts/community-rules.ts'
import { POST_VIDEO_CONTENT_TYPE } from '../../../core/contracts/media.ts'
import { runAudit, WALLET_RULES } from '../../modules/wallet/audit.ts'
import { loginGuest } from '../../modules/wallet/testing.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { users } from '../schema/accounts.ts'
import { videos } from '../schema/catalogue.ts'
import { images } from '../schema/images.ts'
import { appConfig } from '../schema/ping.ts'
import { comments, follows, postImages, postLikes, postPurchases, posts, postVideos } from '../schema/community.ts'
import { videoStreams } from '../schema/streams.ts'
import { walletLedger } from '../schema/wallet.ts'
import { DEFAULT_APP_CONFIG, seedDemoData, type StoredAppConfig } from '../seed.ts'
import { DEMO_CREATORS, DEMO_POSTS } from './community-content.ts'

type RankItems = { items: { id: number; nickname: string; value: number }[] }

describe.each(BACKENDS)('demo community (%s)', (backend) => {
  const t = useTestApp(backend)

  async function snapshot() {
    const countOf = async (table: typeof posts | typeof follows | typeof comments | typeof postLikes | typeof users) =>
      (await t.db.select({ n: count() }).from(table))[0]!.n
    return {
      posts: await countOf(posts),
      follows: await countOf(follows),
      comments: await countOf(comments),
      likes: await countOf(postLikes),
      users: await countOf(users),
      images: (await t.db.select({ n: count() }).from(images))[0]!.n,
    }
  }

  it('seeds creators, posts in every category with pictures and videos, reactions, follows and a priced post, once', async () => {
    await seedDemoData(t.db, new Date(START_MS), { images: t.config })
    const first = await snapshot()
    await seedDemoData(t.db, new Date(START_MS), { images: t.config })
    expect(await snapshot()).toEqual(first)

    const creators = await t.db
      .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, isGuest: users.isGuest })
      .from(users)
      .where(
        inArray(
          users.nickname,
          DEMO_CREATORS.map((creator) => creator.nickname),
        ),
      )
    expect(creators).toHaveLength(6)
    expect(creators.every((creator) => !creator.isGuest && creator.avatar !== '')).toBe(true)

    const all = await t.db.select().from(posts).orderBy(asc(posts.id))
    expect(all).toHaveLength(DEMO_POSTS.length)
    const published = all.filter((post) => post.state === PostState.Published)
    expect(published.length).toBeGreaterThanOrEqual(28)
    for (const category of [1, 2, 3, 4, 5]) {
      expect(
        published.filter((post) => post.categoryId === category).length,
        `category ${category}`,
      ).toBeGreaterThanOrEqual(5)
    }
    expect(published.filter((post) => post.content.split('\n').length > 5).length).toBeGreaterThanOrEqual(3)
    // Spread over weeks, the newest a few hours old, none in the future.
    const ages = published.map((post) => START_MS - post.publishedAt!.getTime())
    expect(Math.min(...ages)).toBeGreaterThan(0)
    expect(Math.min(...ages)).toBeLessThan(24 * 3600_000)
    expect(Math.max(...ages)).toBeGreaterThan(30 * 24 * 3600_000)

    // Pictures: 0–9 per post, each an upload of its author.
    const pictures = await t.db
      .select({ postId: postImages.postId, authorId: posts.authorId, kind: images.kind, uploadedBy: images.uploadedBy })
      .from(postImages)
      .innerJoin(posts, eq(posts.id, postImages.postId))
      .innerJoin(images, eq(images.key, postImages.imageKey))
    expect(pictures.every((image) => image.kind === 'upload' && image.uploadedBy === image.authorId)).toBe(true)
    const perPost = all.map((post) => pictures.filter((image) => image.postId === post.id).length)
    expect(Math.max(...perPost)).toBe(9)
    expect(perPost).toContain(0)

    // Video posts: ready, playing a hidden video with a demo stream.
    const withVideo = await t.db
      .select({
        postId: posts.id,
        state: postVideos.state,
        contentType: videos.contentType,
        cover: videos.cover,
        dir: videoStreams.dir,
      })
      .from(posts)
      .innerJoin(postVideos, eq(postVideos.id, posts.videoId))
      .innerJoin(videos, eq(videos.id, postVideos.videoId))
      .innerJoin(videoStreams, eq(videoStreams.videoId, videos.id))
    expect(withVideo.length).toBeGreaterThanOrEqual(3)
    expect(withVideo.length).toBeLessThanOrEqual(4)
    for (const video of withVideo) {
      expect(video).toMatchObject({ state: PostVideoState.Ready, contentType: POST_VIDEO_CONTENT_TYPE })
      expect(video.cover).not.toBe('')
      expect(video.dir).toMatch(/^demo\/demo-\d\d$/)
    }

    // One post waits for review.
    const pending = all.filter((post) => post.state === PostState.Pending)
    expect(pending).toHaveLength(1)
    expect(pending[0]).toMatchObject({ publishedAt: null, likeCount: 0, commentCount: 0 })

    // The 3.00-diamond post has pictures and a video, and its buyers paid the author's share.
    const priced = all.find((post) => post.price === 300)!
    expect(priced.state).toBe(PostState.Published)
    expect(perPost[all.indexOf(priced)]).toBeGreaterThan(0)
    expect(withVideo.map((video) => video.postId)).toContain(priced.id)
    const bought = await t.db.select().from(postPurchases).where(eq(postPurchases.postId, priced.id))
    expect(bought.length).toBeGreaterThanOrEqual(2)
    expect(
      bought.every((row) => row.price === 300 && row.authorShare === 210 && row.authorId === priced.authorId),
    ).toBe(true)
    const shares = await t.db
      .select({ amount: walletLedger.amount })
      .from(walletLedger)
      .where(
        and(
          eq(walletLedger.userId, priced.authorId),
          eq(walletLedger.reason, 'creator-share'),
          eq(walletLedger.refId, priced.id),
        ),
      )
    expect(shares).toEqual(bought.map(() => ({ amount: 210 })))
    expect(await runAudit(t.db, WALLET_RULES)).toEqual([])

    // The counts on posts are their rows.
    const likeCounts = await t.db
      .select({ postId: postLikes.postId, n: count() })
      .from(postLikes)
      .groupBy(postLikes.postId)
    const commentCounts = await t.db
      .select({ postId: comments.postId, n: count() })
      .from(comments)
      .groupBy(comments.postId)
    for (const post of all) {
      expect(post.likeCount).toBe(likeCounts.find((row) => row.postId === post.id)?.n ?? 0)
      expect(post.commentCount).toBe(commentCounts.find((row) => row.postId === post.id)?.n ?? 0)
    }
    const replies = await t.db
      .select({ n: count() })
      .from(comments)
      .where(sql`${comments.parentId} is not null`)
    expect(replies[0]!.n).toBeGreaterThan(0)
    expect((await t.db.select({ n: count() }).from(comments).where(isNull(comments.parentId)))[0]!.n).toBeGreaterThan(
      10,
    )

    // The ranking's periods differ, and income ranks the priced posts' authors.
    await loginGuest(t.client, 'device-demo-community')
    const rank = async (period: string, by: string) =>
      ((await t.client.call('upblogers/list', { period, by })).body.data as RankItems).items.map((item) => [
        item.nickname,
        item.value,
      ])
    const week = await rank('week', 'followers')
    const month = await rank('month', 'followers')
    const allTime = await rank('all', 'followers')
    expect(week.length).toBeGreaterThan(0)
    expect(new Set([JSON.stringify(week), JSON.stringify(month), JSON.stringify(allTime)]).size).toBe(3)
    expect((await rank('all', 'income')).length).toBe(2)
    expect(await rank('week', 'likes')).not.toEqual(await rank('all', 'likes'))
    const found = (await t.client.call('user/list', { keyword: '影评' })).body.data as RankItems
    expect(found.items.map((item) => item.nickname)).toEqual(['深夜影评人'])
  })

  it("leaves a database that has posts alone, and gives a stored config's empty categories the defaults", async () => {
    const now = new Date(START_MS)
    const [author] = await t.db.insert(users).values({ nickname: '站长', createdAt: now }).returning({ id: users.id })
    await t.db
      .insert(posts)
      .values({ authorId: author!.id, categoryId: 1, content: '第一帖', state: 'published', createdAt: now })
    const earlier: StoredAppConfig = { ...DEFAULT_APP_CONFIG, communityCategory: [] }
    await t.db.insert(appConfig).values({ key: 'app', value: earlier, updatedAt: now })

    await seedDemoData(t.db, now, { images: t.config })
    expect(await t.db.select({ content: posts.content }).from(posts)).toEqual([{ content: '第一帖' }])
    expect(await t.db.select().from(follows)).toEqual([])
    const [stored] = await t.db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, 'app'))
    expect((stored!.value as StoredAppConfig).communityCategory).toEqual(DEFAULT_APP_CONFIG.communityCategory)

    const own = [{ id: 7, name: '自己的分类' }]
    await t.db
      .update(appConfig)
      .set({ value: { ...earlier, communityCategory: own } })
      .where(eq(appConfig.key, 'app'))
    await seedDemoData(t.db, now, { images: t.config })
    const [kept] = await t.db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, 'app'))
    expect((kept!.value as StoredAppConfig).communityCategory).toEqual(own)
  })
})
