import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Creator, CreatorCard } from '../../../core/contracts/community.ts'
import { PostState } from '../../../core/contracts/community-rules.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { follows, postLikes, posts, userBlocks } from '../../db/schema/community.ts'
import { walletLedger } from '../../db/schema/wallet.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { loginGuest } from '../wallet/testing.ts'
import { RefType } from '../wallet/repo.ts'
import { PostLedgerReason } from './ledger.ts'

const DAY_MS = 24 * 3600_000

async function insertUser(db: Db, nickname: string, options: { guest?: boolean; at?: number } = {}) {
  const [row] = await db
    .insert(users)
    .values({ nickname, isGuest: options.guest ?? false, createdAt: new Date(options.at ?? 0) })
    .returning({ id: users.id })
  return row!.id
}

async function insertUsers(db: Db, nicknames: string[], options: { guest?: boolean } = {}) {
  const rows = await db
    .insert(users)
    .values(nicknames.map((nickname) => ({ nickname, isGuest: options.guest ?? false, createdAt: new Date(0) })))
    .returning({ id: users.id })
  return rows.map((row) => row.id)
}

async function insertPost(
  db: Db,
  authorId: number,
  options: { state?: PostState; likeCount?: number; at?: number } = {},
): Promise<number> {
  const state = options.state ?? PostState.Published
  const at = new Date(options.at ?? 0)
  const [row] = await db
    .insert(posts)
    .values({
      authorId,
      categoryId: 1,
      content: '测试帖子',
      state,
      likeCount: options.likeCount ?? 0,
      createdAt: at,
      publishedAt: state === PostState.Published ? at : null,
    })
    .returning({ id: posts.id })
  return row!.id
}

async function like(db: Db, userId: number, postId: number, at: number) {
  await db.insert(postLikes).values({ userId, postId, createdAt: new Date(at) })
}

async function block(db: Db, blockerId: number, blockedId: number) {
  await db.insert(userBlocks).values({ blockerId, blockedId, createdAt: new Date(0) })
}

/** A creator-share credit as post/pay writes it (balances are not what these tests read). */
async function creditShare(db: Db, userId: number, amount: number, postId: number, at: number) {
  await db.insert(walletLedger).values({
    userId,
    amount,
    balanceAfter: amount,
    reason: PostLedgerReason.CreatorShare,
    refType: RefType.Post,
    refId: postId,
    createdAt: new Date(at),
  })
}

describe.each(BACKENDS)('creators (%s)', (backend) => {
  const t = useTestApp(backend)

  async function call<T>(name: string, body: unknown): Promise<T> {
    const answer = await t.client.call(name, body)
    expect(answer.body, name).toMatchObject({ code: 200 })
    return answer.body.data as T
  }
  const codeOf = async (name: string, body: unknown) => (await t.client.call(name, body)).body.code

  it('upblogers/info: profile, counts of published posts and their likes, follows both ways, blocked and self', async () => {
    const me = await loginGuest(t.client, 'device-info')
    const creator = await insertUser(t.db, '小雨')
    await t.db.update(users).set({ avatar: 'avatarKey000000', intro: '拍云的人' }).where(eq(users.id, creator))
    const [a, b] = await insertUsers(t.db, ['路人甲', '路人乙'])
    await insertPost(t.db, creator, { likeCount: 3 })
    await insertPost(t.db, creator, { likeCount: 4 })
    for (const state of [PostState.Pending, PostState.Rejected, PostState.Removed]) {
      await insertPost(t.db, creator, { state, likeCount: 100 })
    }
    await t.db.insert(follows).values([
      { followerId: a!, creatorId: creator, createdAt: new Date(t.clock.now()) },
      { followerId: b!, creatorId: creator, createdAt: new Date(t.clock.now()) },
      { followerId: creator, creatorId: a!, createdAt: new Date(t.clock.now()) },
    ])

    expect(await call<Creator>('upblogers/info', { id: creator })).toEqual({
      id: creator,
      nickname: '小雨',
      avatar: 'avatarKey000000',
      intro: '拍云的人',
      followers: 2,
      posts: 2,
      followed: false,
      following: 1,
      likes: 7,
      blocked: false,
      self: false,
    })
    await call('upblogers/cares', { id: creator, follow: true })
    await block(t.db, me, creator)
    expect(await call<Creator>('upblogers/info', { id: creator })).toMatchObject({
      followers: 3,
      followed: true,
      blocked: true,
      self: false,
    })
    expect(await call<Creator>('upblogers/info', { id: me })).toMatchObject({
      id: me,
      followers: 0,
      following: 1,
      posts: 0,
      likes: 0,
      self: true,
      followed: false,
    })
    expect(await codeOf('upblogers/info', { id: 999_999 })).toBe(BusinessCode.NotFound)
  })

  it('upblogers/cares: follows and unfollows idempotently; not oneself, not an unknown user', async () => {
    const me = await loginGuest(t.client, 'device-cares')
    const creator = await insertUser(t.db, '大海')
    const other = await insertUser(t.db, '另一位')
    await t.db.insert(follows).values({ followerId: other, creatorId: creator, createdAt: new Date(0) })

    expect(await call('upblogers/cares', { id: creator, follow: true })).toEqual({ followed: true, followers: 2 })
    const first = await t.db.select().from(follows)
    t.clock.advance(60_000)
    expect(await call('upblogers/cares', { id: creator, follow: true })).toEqual({ followed: true, followers: 2 })
    // Following again keeps the first follow, so it keeps its place in the followed list.
    expect(await t.db.select().from(follows)).toEqual(first)
    expect(await call('upblogers/cares', { id: creator, follow: false })).toEqual({ followed: false, followers: 1 })
    expect(await call('upblogers/cares', { id: creator, follow: false })).toEqual({ followed: false, followers: 1 })

    expect(await codeOf('upblogers/cares', { id: me, follow: true })).toBe(BusinessCode.NotYourself)
    expect(await codeOf('upblogers/cares', { id: 999_999, follow: true })).toBe(BusinessCode.NotFound)
    expect(await codeOf('upblogers/cares', { id: creator })).toBe(ResultCode.ValidationError)
    expect(await t.db.select({ follower: follows.followerId }).from(follows)).toEqual([{ follower: other }])
  })

  it('upblogers/followed: latest follow first in pages of 10, blocked creators left out', async () => {
    const me = await loginGuest(t.client, 'device-followed')
    const creators = await insertUsers(
      t.db,
      Array.from({ length: 13 }, (_, i) => `创作者${i + 1}`),
    )
    for (const id of creators) {
      await call('upblogers/cares', { id, follow: true })
      t.clock.advance(1000)
    }
    await block(t.db, me, creators[5]!)
    const expected = creators.filter((id) => id !== creators[5]).reverse()

    const first = await call<{ items: CreatorCard[]; nextCursor: string | null }>('upblogers/followed', {})
    expect(first.items.map((item) => item.id)).toEqual(expected.slice(0, 10))
    expect(first.items[0]).toEqual({
      id: creators[12],
      nickname: '创作者13',
      avatar: '',
      intro: '',
      followers: 1,
      posts: 0,
      followed: true,
    })
    const second = await call<{ items: CreatorCard[]; nextCursor: string | null }>('upblogers/followed', {
      cursor: first.nextCursor,
    })
    expect(second.items.map((item) => item.id)).toEqual(expected.slice(10))
    expect(second.nextCursor).toBeNull()

    // A cursor of the nickname search is not one of this list.
    await insertUsers(
      t.db,
      Array.from({ length: 11 }, (_, i) => `搜索${i}`),
    )
    const search = await call<{ nextCursor: string }>('user/list', { keyword: '搜索' })
    expect(await codeOf('upblogers/followed', { cursor: search.nextCursor })).toBe(ResultCode.ValidationError)
  })

  it('upblogers/list by followers: new follows of the week, the month or all time; ties by id', async () => {
    await loginGuest(t.client, 'device-rank')
    const [old, month, week, tie] = await insertUsers(t.db, ['老牌', '本月', '本周', '并列'])
    const fans = await insertUsers(
      t.db,
      Array.from({ length: 6 }, (_, i) => `粉丝${i}`),
      { guest: true },
    )
    const now = t.clock.now()
    const follow = (fan: number, creator: number, daysAgo: number) =>
      t.db.insert(follows).values({ followerId: fan, creatorId: creator, createdAt: new Date(now - daysAgo * DAY_MS) })
    // old: 5 follows 40 days ago; month: 3 follows 20 days ago; week: 2 follows today; tie: 2 follows this week.
    for (const fan of fans.slice(0, 5)) await follow(fan, old!, 40)
    for (const fan of fans.slice(0, 3)) await follow(fan, month!, 20)
    for (const fan of fans.slice(0, 2)) await follow(fan, week!, 0.5)
    for (const fan of fans.slice(2, 4)) await follow(fan, tie!, 6.9)

    const rank = async (period: string) =>
      (
        await call<{ items: (CreatorCard & { rank: number; value: number })[] }>('upblogers/list', {
          period,
          by: 'followers',
        })
      ).items.map((item) => [item.id, item.rank, item.value])
    expect(await rank('week')).toEqual([
      [week, 1, 2],
      [tie, 2, 2],
    ])
    expect(await rank('month')).toEqual([
      [month, 1, 3],
      [week, 2, 2],
      [tie, 3, 2],
    ])
    expect(await rank('all')).toEqual([
      [old, 1, 5],
      [month, 2, 3],
      [week, 3, 2],
      [tie, 4, 2],
    ])
    // The week moves on: a day later the follows of 6.9 days ago are out.
    t.clock.advance(DAY_MS)
    expect(await rank('week')).toEqual([[week, 1, 2]])
    // Defaults: this week by followers; the cards carry the all-time counts.
    const defaults = await call<{ items: CreatorCard[] }>('upblogers/list', {})
    expect(defaults.items).toEqual([
      { id: week, nickname: '本周', avatar: '', intro: '', followers: 2, posts: 0, followed: false, rank: 1, value: 2 },
    ])
  })

  it('upblogers/list by likes and income: only published posts, only creator-share credits, in the period', async () => {
    await loginGuest(t.client, 'device-rank-2')
    const [a, b, c] = await insertUsers(t.db, ['甲', '乙', '丙'])
    const fans = await insertUsers(t.db, ['粉1', '粉2', '粉3'], { guest: true })
    const now = t.clock.now()
    const postA = await insertPost(t.db, a!)
    const postB = await insertPost(t.db, b!)
    const pendingC = await insertPost(t.db, c!, { state: PostState.Pending })
    const removedB = await insertPost(t.db, b!, { state: PostState.Removed })
    await like(t.db, fans[0]!, postA, now - 2 * DAY_MS)
    await like(t.db, fans[1]!, postA, now - 10 * DAY_MS)
    await like(t.db, fans[0]!, postB, now - DAY_MS)
    await like(t.db, fans[1]!, postB, now - DAY_MS)
    await like(t.db, fans[2]!, postB, now - 40 * DAY_MS)
    await like(t.db, fans[0]!, pendingC, now)
    await like(t.db, fans[0]!, removedB, now)

    await creditShare(t.db, a!, 210, postA, now - DAY_MS)
    await creditShare(t.db, a!, 210, postA, now - 20 * DAY_MS)
    await creditShare(t.db, b!, 350, postB, now - 3 * DAY_MS)
    // Not income: a top-up of c, and a share credited for something else.
    await t.db.insert(walletLedger).values([
      {
        userId: c!,
        amount: 9999,
        balanceAfter: 9999,
        reason: 'recharge',
        refType: 'order',
        refId: 1,
        createdAt: new Date(now),
      },
      {
        userId: c!,
        amount: 500,
        balanceAfter: 10499,
        reason: PostLedgerReason.CreatorShare,
        refType: 'video',
        refId: 1,
        createdAt: new Date(now),
      },
    ])

    const rank = async (period: string, by: string) =>
      (
        await call<{ items: { id: number; rank: number; value: number }[] }>('upblogers/list', { period, by })
      ).items.map((item) => [item.id, item.value])
    expect(await rank('week', 'likes')).toEqual([
      [b, 2],
      [a, 1],
    ])
    expect(await rank('month', 'likes')).toEqual([
      [a, 2],
      [b, 2],
    ])
    expect(await rank('all', 'likes')).toEqual([
      [b, 3],
      [a, 2],
    ])
    expect(await rank('week', 'income')).toEqual([
      [b, 350],
      [a, 210],
    ])
    expect(await rank('month', 'income')).toEqual([
      [a, 420],
      [b, 350],
    ])
    expect(await codeOf('upblogers/list', { period: 'year', by: 'likes' })).toBe(ResultCode.ValidationError)
    expect(await codeOf('upblogers/list', { period: 'week', by: 'plays' })).toBe(ResultCode.ValidationError)
  })

  it('upblogers/list: the top 50 only, and creators the caller blocked are left out', async () => {
    const me = await loginGuest(t.client, 'device-rank-3')
    const creators = await insertUsers(
      t.db,
      Array.from({ length: 53 }, (_, i) => `榜单${i}`),
    )
    const fans = await insertUsers(t.db, ['粉A', '粉B'], { guest: true })
    const at = new Date(t.clock.now())
    // The first creator has two new followers, every other one.
    await t.db
      .insert(follows)
      .values([
        ...creators.map((creatorId) => ({ followerId: fans[0]!, creatorId, createdAt: at })),
        { followerId: fans[1]!, creatorId: creators[0]!, createdAt: at },
      ])
    const ids = async () =>
      (await call<{ items: { id: number; rank: number }[] }>('upblogers/list', { period: 'week', by: 'followers' }))
        .items
    const all = await ids()
    expect(all).toHaveLength(50)
    expect(all.map((item) => item.id)).toEqual(creators.slice(0, 50))
    expect(all.map((item) => item.rank)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))

    await block(t.db, me, creators[0]!)
    const after = await ids()
    expect(after.map((item) => item.id)).toEqual(creators.slice(1, 51))
    expect(after[0]!.rank).toBe(1)
  })

  it('user/list: creators whose nickname contains the keyword, any ASCII case or width, wildcards literal, pages of 10', async () => {
    const me = await loginGuest(t.client, 'device-search')
    const [alice, percent, underscore, blocked] = await insertUsers(t.db, ['Alice星', '百分%比', 'a_b', 'ALICE被拉黑'])
    const [guestPoster, guestReader] = await insertUsers(t.db, ['游客alice发帖', '游客alice只看'], { guest: true })
    await insertPost(t.db, guestPoster!)
    await insertPost(t.db, guestReader!, { state: PostState.Pending })
    await insertUsers(t.db, ['百分之百', 'aXb'])
    await block(t.db, me, blocked!)

    const ids = async (keyword: string) =>
      (await call<{ items: CreatorCard[] }>('user/list', { keyword })).items.map((item) => item.id)
    expect(await ids('alice')).toEqual([alice, guestPoster])
    expect(await ids(' ＡＬＩＣＥ ')).toEqual([alice, guestPoster])
    expect(await ids('%')).toEqual([percent])
    expect(await ids('_')).toEqual([underscore])
    expect(await ids('没有这个人')).toEqual([])
    expect(await codeOf('user/list', { keyword: '  ' })).toBe(ResultCode.ValidationError)

    const many = await insertUsers(
      t.db,
      Array.from({ length: 12 }, (_, i) => `同名${i}`),
    )
    const first = await call<{ items: CreatorCard[]; nextCursor: string | null }>('user/list', { keyword: '同名' })
    expect(first.items.map((item) => item.id)).toEqual(many.slice(0, 10))
    const second = await call<{ items: CreatorCard[]; nextCursor: string | null }>('user/list', {
      keyword: '同名',
      cursor: first.nextCursor,
    })
    expect(second.items.map((item) => item.id)).toEqual(many.slice(10))
    expect(second.nextCursor).toBeNull()
  })
})
