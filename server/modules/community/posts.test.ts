import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { PostCard, PostDetail } from '../../../core/contracts/community.ts'
import { LOCKED_PREVIEW_CHARACTERS, PostState, PostVideoState } from '../../../core/contracts/community-rules.ts'
import type { Page } from '../../../core/contracts/media.ts'
import { users } from '../../db/schema/accounts.ts'
import { follows, postImages, postPurchases, posts, userBlocks } from '../../db/schema/community.ts'
import { appConfig } from '../../db/schema/ping.ts'
import { walletLedger } from '../../db/schema/wallet.ts'
import type { TestClient } from '../../testing/client.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { encodeCursor } from '../catalogue/cursor.ts'
import { balanceOf, ledgerOf } from '../wallet/testing.ts'
import { insertStream } from '../watching/testing.ts'
import { createPostsService, DAILY_POST_LIMIT, LIST_CACHE_MS, lockedPreview } from './posts.ts'
import {
  communityAudit,
  fund,
  insertImage,
  insertPost,
  insertPostVideo,
  insertUser,
  postRow,
  signIn,
} from './testing.ts'

/** The answer's data; fails the test on any other code. */
async function ok<T>(client: TestClient, name: string, body: unknown): Promise<T> {
  const answer = await client.call(name, body)
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 })
  return answer.body.data as T
}
const codeOf = async (client: TestClient, name: string, body: unknown) => (await client.call(name, body)).body

describe('lockedPreview', () => {
  it.each([
    ['第一行\n第二行\n第三行，后面还有很多很多很多字', '第一行\n第二行'],
    ['短', ''],
    ['一二三四五六', '一二三'],
    ['x'.repeat(500), 'x'.repeat(LOCKED_PREVIEW_CHARACTERS)],
    [`${'a'.repeat(40)}\n${'b'.repeat(40)}\n${'c'.repeat(100)}`, 'a'.repeat(40)],
  ])('%j shows %j', (content, preview) => {
    expect(lockedPreview(content)).toBe(preview)
  })
})

describe.each(BACKENDS)('posts (%s)', (backend) => {
  const t = useTestApp(backend)
  const viewer = () => signIn(t.newClient, 'device-viewer')

  async function counts() {
    const [p] = await t.db.select({ n: count() }).from(posts)
    const [i] = await t.db.select({ n: count() }).from(postImages)
    return { posts: p!.n, images: i!.n }
  }

  it('post/list: published only, newest first in pages of 10, by category, author or followed creators', async () => {
    const me = await viewer()
    const alice = await insertUser(t.db, { nickname: '爱丽丝' })
    const bob = await insertUser(t.db, { nickname: '' })
    const ids: number[] = []
    for (let i = 0; i < 23; i++) {
      ids.push(
        await insertPost(t.db, {
          authorId: i % 2 ? alice : bob,
          categoryId: (i % 3) + 1,
          at: new Date(START_MS + i * 60_000),
        }),
      )
    }
    for (const state of [PostState.Pending, PostState.Rejected, PostState.Removed]) {
      await insertPost(t.db, { authorId: alice, state, at: new Date(START_MS + 99 * 60_000) })
    }
    const all: number[] = []
    const sizes: number[] = []
    let cursor: string | undefined
    do {
      const page: Page<PostCard> = await ok(me.client, 'post/list', { cursor })
      sizes.push(page.items.length)
      all.push(...page.items.map((card) => card.id))
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    expect(sizes).toEqual([10, 10, 3])
    expect(all).toEqual([...ids].reverse())

    const first = await ok<Page<PostCard>>(me.client, 'post/list', {})
    expect(first.items[0]).toMatchObject({
      id: ids[22],
      author: { id: bob, nickname: `游客${bob}`, avatar: '' },
      state: 'published',
      rejectReason: '',
      locked: false,
      truncated: false,
      createdAt: START_MS / 1000 + 22 * 60,
    })
    const category2 = await ok<Page<PostCard>>(me.client, 'post/list', { categoryId: 2 })
    expect(category2.items.map((card) => card.id)).toEqual(ids.filter((_, i) => i % 3 === 1).reverse())
    const byAlice = await ok<Page<PostCard>>(me.client, 'post/list', { authorId: alice })
    expect(byAlice.items.every((card) => card.author.id === alice)).toBe(true)
    expect(byAlice.items).toHaveLength(10)

    expect((await ok<Page<PostCard>>(me.client, 'post/list', { following: true })).items).toEqual([])
    await t.db.insert(follows).values({ followerId: me.userId, creatorId: alice, createdAt: new Date(START_MS) })
    const followed = await ok<Page<PostCard>>(me.client, 'post/list', { following: true })
    expect(followed.items.map((card) => card.id)).toEqual(byAlice.items.map((card) => card.id))

    for (const bad of ['nope', encodeCursor('posts-hot', { key: 1, id: 1 })]) {
      expect(await codeOf(me.client, 'post/list', { cursor: bad })).toMatchObject({ code: 4000 })
    }
  })

  it('post/list keyword: free published posts whose text contains it, in the sort asked, paged', async () => {
    const me = await viewer()
    const author = await insertUser(t.db, { nickname: '作者' })
    const post = (content: string, i: number, spec: { price?: number; state?: PostState } = {}) =>
      insertPost(t.db, { authorId: author, content, at: new Date(START_MS + i * 60_000), ...spec })
    const matching: number[] = []
    for (let i = 0; i < 12; i++) matching.push(await post(`第${i}天 在海边看日落 Sunset`, i))
    const apart = await post('夏日日光', 20) // holds 夏日 and 日光, not 夏日光
    await post('在海边看日落', 21, { price: 500 })
    await post('在海边看日落', 22, { state: PostState.Pending })
    await post('山里', 23)
    const pages: number[][] = []
    let cursor: string | undefined
    do {
      const page: Page<PostCard> = await ok(me.client, 'post/list', { keyword: '海边', cursor })
      pages.push(page.items.map((card) => card.id))
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    expect(pages).toEqual([matching.slice(2).reverse(), matching.slice(0, 2).reverse()])
    const ids = async (body: object) =>
      (await ok<Page<PostCard>>(me.client, 'post/list', body)).items.map((card) => card.id)
    expect(await ids({ keyword: ' SUNSET ', sort: 'hot' })).toHaveLength(10)
    expect(await ids({ keyword: '夏日光' })).toEqual([])
    expect(await ids({ keyword: '日' })).toEqual([apart, ...matching.slice(3).reverse()])
    expect(await ids({})).toContain(matching[11])
    expect((await codeOf(me.client, 'post/list', { keyword: '' })).code).toBe(4000)
  })

  it('post/list sort hot: by likes and comments, ties by newest id, paged without repeats', async () => {
    const me = await viewer()
    const author = await insertUser(t.db)
    const scores = [5, 0, 9, 5, 2, 7, 5, 1, 3, 8, 6, 4]
    const ids: number[] = []
    for (const hotScore of scores) ids.push(await insertPost(t.db, { authorId: author, hotScore }))
    const order = ids
      .map((id, i) => ({ id, score: scores[i]! }))
      .sort((a, b) => b.score - a.score || b.id - a.id)
      .map((entry) => entry.id)
    const first = await ok<Page<PostCard>>(me.client, 'post/list', { sort: 'hot' })
    const second = await ok<Page<PostCard>>(me.client, 'post/list', { sort: 'hot', cursor: first.nextCursor })
    expect([...first.items, ...second.items].map((card) => card.id)).toEqual(order)
    expect(second.nextCursor).toBeNull()
  })

  it('a blocked author disappears for the blocker: list, following, detail; others still see them', async () => {
    const me = await viewer()
    const other = await signIn(t.newClient, 'device-other')
    const troll = await insertUser(t.db, { nickname: '捣乱的人' })
    const postId = await insertPost(t.db, { authorId: troll })
    await t.db.insert(follows).values({ followerId: me.userId, creatorId: troll, createdAt: new Date(START_MS) })
    expect(await ok(me.client, 'user/block', { id: troll, block: true })).toEqual({ blocked: true })
    for (const body of [{}, { following: true }, { authorId: troll }, { sort: 'hot' }]) {
      expect((await ok<Page<PostCard>>(me.client, 'post/list', body)).items).toEqual([])
    }
    expect(await codeOf(me.client, 'post/detail', { id: postId })).toMatchObject({ code: 7004 })
    expect((await ok<Page<PostCard>>(other.client, 'post/list', {})).items.map((card) => card.id)).toEqual([postId])
    await ok(me.client, 'user/block', { id: troll, block: false })
    expect((await ok<Page<PostCard>>(me.client, 'post/list', {})).items).toHaveLength(1)
  })

  it('a shared page never shows a blocked author to the blocker: their pages come whole from the uncached query', async () => {
    const me = await viewer()
    const other = await signIn(t.newClient, 'device-other')
    const author = await insertUser(t.db)
    const troll = await insertUser(t.db, { nickname: '捣乱的人' })
    const kept: number[] = []
    for (let i = 0; i < 12; i++) {
      kept.push(await insertPost(t.db, { authorId: author, at: new Date(START_MS + i * 60_000) }))
    }
    const trolls: number[] = []
    for (let i = 0; i < 3; i++) {
      trolls.push(await insertPost(t.db, { authorId: troll, at: new Date(START_MS + (20 + i) * 60_000) }))
    }
    // The other reader fills the shared first page (three of the troll's posts on it) first.
    const shared = await ok<Page<PostCard>>(other.client, 'post/list', {})
    expect(shared.items.slice(0, 3).map((card) => card.id)).toEqual([...trolls].reverse())
    await ok(me.client, 'user/block', { id: troll, block: true })
    const first = await ok<Page<PostCard>>(me.client, 'post/list', {})
    expect(first.items.map((card) => card.id)).toEqual(kept.slice(2).reverse())
    const second = await ok<Page<PostCard>>(me.client, 'post/list', { cursor: first.nextCursor })
    expect(second.items.map((card) => card.id)).toEqual(kept.slice(0, 2).reverse())
    expect(second.nextCursor).toBeNull()
    // The troll's post just past a shared page of ten decides its nextCursor: the blocker's has none.
    await insertPost(t.db, { authorId: troll, categoryId: 3, at: new Date(START_MS - 60_000) })
    for (let i = 0; i < 10; i++) await insertPost(t.db, { authorId: author, categoryId: 3, at: new Date(START_MS + i) })
    expect((await ok<Page<PostCard>>(other.client, 'post/list', { categoryId: 3 })).nextCursor).not.toBeNull()
    const category = await ok<Page<PostCard>>(me.client, 'post/list', { categoryId: 3 })
    expect(category.items.map((card) => card.author.id)).toEqual(Array(10).fill(author))
    expect(category.nextCursor).toBeNull()
    expect((await ok<Page<PostCard>>(other.client, 'post/list', {})).items).toEqual(shared.items)
  })

  it(`a shared page lasts ${LIST_CACHE_MS} ms: the caller's own likes and purchases show at once, new posts and counts then`, async () => {
    const me = await viewer()
    const author = await signIn(t.newClient, 'device-author')
    const keys = [await insertImage(t.db, author.userId)]
    const priced = await insertPost(t.db, {
      authorId: author.userId,
      content: '第一行是公开的\n第二行是付费的内容',
      price: 500,
      imageKeys: keys,
    })
    await fund(t.db, me.userId, 1000)
    expect((await ok<Page<PostCard>>(me.client, 'post/list', {})).items[0]).toMatchObject({
      id: priced,
      locked: true,
      images: [],
      liked: false,
      likeCount: 0,
    })
    await ok(me.client, 'post/pay', { id: priced })
    await ok(me.client, 'post/like', { id: priced, like: true })
    const later = await insertPost(t.db, { authorId: author.userId, at: new Date(START_MS + 60_000) })
    const cached = await ok<Page<PostCard>>(me.client, 'post/list', {})
    expect(cached.items.map((card) => card.id)).toEqual([priced])
    expect(cached.items[0]).toMatchObject({
      locked: false,
      content: '第一行是公开的\n第二行是付费的内容',
      images: [{ key: keys[0] }],
      liked: true,
      likeCount: 0,
    })
    // The author's own view of a priced post is whole, from the same shared page.
    expect((await ok<Page<PostCard>>(author.client, 'post/list', {})).items[0]).toMatchObject({ locked: false })

    t.clock.advance(LIST_CACHE_MS)
    const fresh = await ok<Page<PostCard>>(me.client, 'post/list', {})
    expect(fresh.items.map((card) => card.id)).toEqual([later, priced])
    expect(fresh.items[1]).toMatchObject({ liked: true, likeCount: 1, locked: false })
  })

  it('a post removed while its page is shared leaves the list at once', async () => {
    const me = await viewer()
    const author = await insertUser(t.db)
    const gone = await insertPost(t.db, { authorId: author, at: new Date(START_MS + 60_000) })
    const stays = await insertPost(t.db, { authorId: author })
    expect((await ok<Page<PostCard>>(me.client, 'post/list', {})).items.map((card) => card.id)).toEqual([gone, stays])
    await t.db.update(posts).set({ state: PostState.Removed }).where(eq(posts.id, gone))
    expect((await ok<Page<PostCard>>(me.client, 'post/list', {})).items.map((card) => card.id)).toEqual([stays])
  })

  it('a locked post shows the first lines and the image count, never the images, the video or the full text', async () => {
    const me = await viewer()
    const author = await signIn(t.newClient, 'device-author')
    const secret = '第一行是公开的\n第二行藏着秘密：宝藏在老槐树下面三尺深的地方，带上铲子'
    const keys = [await insertImage(t.db, author.userId), await insertImage(t.db, author.userId)]
    const { postVideoId, videoId } = await insertPostVideo(t.db, { ownerId: author.userId })
    await insertStream(t.db, videoId!)
    const postId = await insertPost(t.db, {
      authorId: author.userId,
      content: secret,
      price: 500,
      imageKeys: keys,
      videoId: postVideoId,
    })
    await fund(t.db, me.userId, 1000)

    const listAnswer = await me.client.call('post/list', {})
    const detailAnswer = await me.client.call('post/detail', { id: postId })
    for (const answer of [listAnswer, detailAnswer]) {
      const text = JSON.stringify(answer.body)
      for (const leak of [...keys, 'postvideocover01', '宝藏', `/hls/${videoId}`]) expect(text).not.toContain(leak)
    }
    const locked = {
      content: '第一行是公开的',
      truncated: true,
      images: [],
      imageCount: 2,
      video: null,
      hasVideo: true,
      price: 500,
      locked: true,
    }
    expect((listAnswer.body.data as Page<PostCard>).items[0]).toMatchObject(locked)
    expect(detailAnswer.body.data).toMatchObject({ ...locked, lines: [], balance: 1000, followed: false })

    // The author sees it whole; so does the buyer after post/pay.
    const whole = {
      content: secret,
      truncated: false,
      images: keys.map((key) => ({ key, width: 640, height: 480 })),
      video: { state: 'ready', cover: 'postvideocover01', coverWidth: 720, coverHeight: 1280, duration: 12 },
      locked: false,
    }
    expect(await ok(author.client, 'post/detail', { id: postId })).toMatchObject(whole)
    expect(await ok(me.client, 'post/pay', { id: postId })).toEqual({ alreadyOwned: false, balance: 500 })
    const bought = await ok<PostDetail>(me.client, 'post/detail', { id: postId })
    expect(bought).toMatchObject({ ...whole, balance: 500 })
    expect(bought.lines.length).toBeGreaterThan(0)
    expect(bought.lines[0]!.url).toContain(`/hls/${videoId}/`)
    expect(bought.lines[0]!.url).toContain('pt=')
  })

  it('post/detail: the author sees every state but removed (with the reason); others only published', async () => {
    const me = await viewer()
    const other = await signIn(t.newClient, 'device-other')
    const pending = await insertPost(t.db, { authorId: me.userId, state: PostState.Pending })
    const rejected = await insertPost(t.db, {
      authorId: me.userId,
      state: PostState.Rejected,
      rejectReason: '含有广告',
    })
    const removed = await insertPost(t.db, { authorId: me.userId, state: PostState.Removed })
    expect(await ok(me.client, 'post/detail', { id: pending })).toMatchObject({ state: 'pending', rejectReason: '' })
    expect(await ok(me.client, 'post/detail', { id: rejected })).toMatchObject({
      state: 'rejected',
      rejectReason: '含有广告',
      followed: false,
    })
    for (const id of [pending, rejected, removed, 999_999]) {
      expect(await codeOf(other.client, 'post/detail', { id })).toMatchObject({ code: 7004 })
    }
    expect(await codeOf(me.client, 'post/detail', { id: removed })).toMatchObject({ code: 7004 })
    // A rejected post appears in no one's list, and its reason only in its author's.
    const otherText = JSON.stringify((await other.client.call('post/list', {})).body)
    expect(otherText).not.toContain('含有广告')

    const published = await insertPost(t.db, { authorId: me.userId })
    await t.db.insert(follows).values({ followerId: other.userId, creatorId: me.userId, createdAt: new Date(START_MS) })
    expect(await ok(other.client, 'post/detail', { id: published })).toMatchObject({
      followed: true,
      lines: [],
      video: null,
      hasVideo: false,
      balance: 0,
    })
  })

  it('post/detail of a video still processing: 处理中 with the probed duration, no cover, no lines', async () => {
    const me = await viewer()
    const { postVideoId } = await insertPostVideo(t.db, {
      ownerId: me.userId,
      state: PostVideoState.Processing,
      duration: 33.6,
    })
    const postId = await insertPost(t.db, { authorId: me.userId, videoId: postVideoId })
    expect(await ok(me.client, 'post/detail', { id: postId })).toMatchObject({
      video: { state: 'processing', cover: '', coverWidth: 0, coverHeight: 0, duration: 34 },
      hasVideo: true,
      lines: [],
    })
  })

  it('post/mypublish: the caller’s posts in every state but removed, newest first, with the reason', async () => {
    const me = await viewer()
    const other = await insertUser(t.db)
    const states = [PostState.Published, PostState.Pending, PostState.Rejected, PostState.Removed]
    const ids: number[] = []
    for (const [i, state] of states.entries()) {
      ids.push(
        await insertPost(t.db, {
          authorId: me.userId,
          state,
          rejectReason: state === PostState.Rejected ? '图片模糊' : '',
          at: new Date(START_MS + i * 1000),
        }),
      )
    }
    await insertPost(t.db, { authorId: other })
    const page = await ok<Page<PostCard>>(me.client, 'post/mypublish', {})
    expect(page.items.map((card) => [card.id, card.state, card.rejectReason])).toEqual([
      [ids[2], 'rejected', '图片模糊'],
      [ids[1], 'pending', ''],
      [ids[0], 'published', ''],
    ])
    expect(page.nextCursor).toBeNull()
    for (let i = 0; i < 12; i++) await insertPost(t.db, { authorId: me.userId, at: new Date(START_MS - i * 1000) })
    const first = await ok<Page<PostCard>>(me.client, 'post/mypublish', {})
    const second = await ok<Page<PostCard>>(me.client, 'post/mypublish', { cursor: first.nextCursor })
    expect(first.items.length + second.items.length).toBe(15)
    expect(new Set([...first.items, ...second.items].map((card) => card.id)).size).toBe(15)
  })

  it('post/publish with MODERATION=pre: pending, on myPost only; with post: published at once', async () => {
    const me = await viewer()
    const keys = [await insertImage(t.db, me.userId), await insertImage(t.db, me.userId)]
    const answer = await ok<{ id: number; state: string }>(me.client, 'post/publish', {
      categoryId: 2,
      content: '  第一行\n第二行  ',
      imageIds: keys,
      price: 300,
    })
    expect(answer.state).toBe('pending')
    expect(await postRow(t.db, answer.id)).toMatchObject({
      authorId: me.userId,
      categoryId: 2,
      content: '第一行\n第二行',
      price: 300,
      state: 'pending',
      publishedAt: null,
    })
    const mine = await ok<Page<PostCard>>(me.client, 'post/mypublish', {})
    expect(mine.items[0]).toMatchObject({ id: answer.id, state: 'pending', imageCount: 2, locked: false })
    expect((await ok<Page<PostCard>>(me.client, 'post/list', {})).items).toEqual([])

    await t.rebuild({ moderation: 'post' })
    const token = me.client.token
    me.client = t.newClient()
    me.client.token = token
    t.clock.advance(1000)
    const now = await ok<{ id: number; state: string }>(me.client, 'post/publish', {
      categoryId: 1,
      content: '马上可见',
    })
    expect(now.state).toBe('published')
    expect((await postRow(t.db, now.id)).publishedAt).toEqual(new Date(START_MS + 1000))
    const other = await signIn(t.newClient, 'device-other')
    expect((await ok<Page<PostCard>>(other.client, 'post/list', {})).items.map((card) => card.id)).toEqual([now.id])
  })

  it('post/publish refuses bad input and changes nothing', async () => {
    const me = await viewer()
    const stranger = await insertUser(t.db)
    const mine = await insertImage(t.db, me.userId)
    const theirs = await insertImage(t.db, stranger)
    const operators = await insertImage(t.db, null)
    const theirVideo = await insertPostVideo(t.db, { ownerId: stranger, state: PostVideoState.Processing })
    const failed = await insertPostVideo(t.db, { ownerId: me.userId, state: PostVideoState.Failed })
    const used = await insertPostVideo(t.db, { ownerId: me.userId })
    await insertPost(t.db, { authorId: me.userId, videoId: used.postVideoId })
    const before = await counts()
    const cases: [unknown, number, string?][] = [
      [{ categoryId: 6, content: 'x' }, 4000, 'categoryId'],
      [{ categoryId: 0, content: 'x' }, 4000, 'categoryId'],
      [{ categoryId: 1, content: '   ' }, 4000, 'content'],
      [{ categoryId: 1, content: 'a\u0007b' }, 4000, 'content'],
      [{ categoryId: 1, content: 'x'.repeat(2001) }, 4000, 'content'],
      [{ categoryId: 1, content: 'x', price: -1 }, 4000, 'price'],
      [{ categoryId: 1, content: 'x', price: 1.5 }, 4000, 'price'],
      [{ categoryId: 1, content: 'x', imageIds: Array(10).fill(mine) }, 4000, 'imageIds'],
      [{ categoryId: 1, content: 'x', imageIds: [mine, mine] }, 4000, 'imageIds'],
      [{ categoryId: 1, content: 'x', imageIds: ['not-an-image'] }, 4000, 'imageIds'],
      [{ categoryId: 1, content: 'x', imageIds: [mine, theirs] }, 7030],
      [{ categoryId: 1, content: 'x', imageIds: [operators] }, 7030],
      [{ categoryId: 1, content: 'x', imageIds: ['AAAAAAAAAAAAAAAA'] }, 7030],
      [{ categoryId: 1, content: 'x', videoUploadId: theirVideo.postVideoId }, 7051],
      [{ categoryId: 1, content: 'x', videoUploadId: failed.postVideoId }, 7051],
      [{ categoryId: 1, content: 'x', videoUploadId: used.postVideoId }, 7051],
      [{ categoryId: 1, content: 'x', videoUploadId: 999_999 }, 7051],
    ]
    for (const [body, code, field] of cases) {
      const answer = await codeOf(me.client, 'post/publish', body)
      expect(answer, JSON.stringify(body)).toMatchObject({ code })
      if (field) expect(answer.msg ?? answer.tip ?? '').toContain(field)
    }
    expect(await counts()).toEqual(before)

    // A line break is kept; a tab is a control character like any other.
    expect((await codeOf(me.client, 'post/publish', { categoryId: 1, content: 'a\tb' })).code).toBe(4000)
    const fine = await ok<{ id: number }>(me.client, 'post/publish', {
      categoryId: 1,
      content: '带视频',
      imageIds: [mine],
      videoUploadId: (await insertPostVideo(t.db, { ownerId: me.userId, state: PostVideoState.Processing }))
        .postVideoId,
    })
    expect((await postRow(t.db, fine.id)).videoId).not.toBeNull()
  })

  it('post/publish takes the categories of the stored config', async () => {
    const me = await viewer()
    await t.db.insert(appConfig).values({
      key: 'app',
      value: { communityCategory: [{ id: 9, name: '新分类' }] },
      updatedAt: new Date(START_MS),
    })
    expect((await codeOf(me.client, 'post/publish', { categoryId: 1, content: 'x' })).code).toBe(4000)
    expect(await ok(me.client, 'post/publish', { categoryId: 9, content: 'x' })).toMatchObject({ state: 'pending' })
  })

  it('a banned user cannot publish (7050) until the ban ends; reading still works', async () => {
    const me = await viewer()
    await t.db
      .update(users)
      .set({ bannedUntil: new Date(START_MS + 3_600_000) })
      .where(eq(users.id, me.userId))
    expect(await codeOf(me.client, 'post/publish', { categoryId: 1, content: 'x' })).toMatchObject({ code: 7050 })
    expect(await counts()).toEqual({ posts: 0, images: 0 })
    expect((await me.client.call('post/list', {})).body.code).toBe(200)
    t.clock.advance(3_600_000)
    expect((await me.client.call('post/publish', { categoryId: 1, content: 'x' })).body.code).toBe(200)
  })

  it(`post/publish allows ${DAILY_POST_LIMIT} posts in a rolling day, then 7052`, async () => {
    const me = await viewer()
    for (let i = 0; i < DAILY_POST_LIMIT; i++) {
      expect((await me.client.call('post/publish', { categoryId: 1, content: `第${i}条` })).body.code).toBe(200)
    }
    expect(await codeOf(me.client, 'post/publish', { categoryId: 1, content: 'x' })).toMatchObject({ code: 7052 })
    expect((await counts()).posts).toBe(DAILY_POST_LIMIT)
    t.clock.advance(24 * 3_600_000)
    expect((await me.client.call('post/publish', { categoryId: 1, content: 'x' })).body.code).toBe(200)
  })

  it('post/like: idempotent both ways; the like and hot counts follow; a hidden post is 7004', async () => {
    const me = await viewer()
    const other = await signIn(t.newClient, 'device-other')
    const author = await insertUser(t.db)
    const postId = await insertPost(t.db, { authorId: author, commentCount: 1, hotScore: 2 })
    expect(await ok(me.client, 'post/like', { id: postId, like: true })).toEqual({ liked: true, likeCount: 1 })
    expect(await ok(me.client, 'post/like', { id: postId, like: true })).toEqual({ liked: true, likeCount: 1 })
    expect(await ok(other.client, 'post/like', { id: postId, like: true })).toEqual({ liked: true, likeCount: 2 })
    expect(await postRow(t.db, postId)).toMatchObject({ likeCount: 2, hotScore: 4 })
    expect((await ok<PostDetail>(me.client, 'post/detail', { id: postId })).liked).toBe(true)
    expect(await ok(me.client, 'post/like', { id: postId, like: false })).toEqual({ liked: false, likeCount: 1 })
    expect(await ok(me.client, 'post/like', { id: postId, like: false })).toEqual({ liked: false, likeCount: 1 })
    expect(await postRow(t.db, postId)).toMatchObject({ likeCount: 1, hotScore: 3 })
    const pending = await insertPost(t.db, { authorId: author, state: PostState.Pending })
    expect(await codeOf(me.client, 'post/like', { id: pending, like: true })).toMatchObject({ code: 7004 })
    expect(await postRow(t.db, pending)).toMatchObject({ likeCount: 0 })
  })

  it('post/pay: the buyer’s debit and the author’s share in one step, once; the ledger names the post', async () => {
    const me = await viewer()
    const author = await signIn(t.newClient, 'device-author')
    const postId = await insertPost(t.db, {
      authorId: author.userId,
      price: 999,
      content: '付费内容的开头写在这里，后面是正文',
    })
    await fund(t.db, me.userId, 1500)
    expect(await ok(me.client, 'post/pay', { id: postId })).toEqual({ alreadyOwned: false, balance: 501 })
    expect(await ok(me.client, 'post/pay', { id: postId })).toEqual({ alreadyOwned: true, balance: 501 })
    // floor(999 × 70 / 100) = 699
    expect(await balanceOf(t.db, author.userId)).toBe(699)
    const [purchase] = await t.db.select().from(postPurchases)
    expect(purchase).toMatchObject({ userId: me.userId, postId, price: 999, authorId: author.userId, authorShare: 699 })
    expect(
      (await ledgerOf(t.db, me.userId)).rows.map((row) => [row.amount, row.reason, row.refType, row.refId]),
    ).toEqual([
      [1500, 'admin: 测试充值', null, null],
      [-999, 'post', 'post', postId],
    ])
    expect((await ledgerOf(t.db, author.userId)).rows.map((row) => [row.amount, row.reason, row.refType])).toEqual([
      [699, 'creator-share', 'post'],
    ])
    const ledger = await ok<{ items: { ref: unknown }[] }>(author.client, 'wallet/ledger', {})
    expect(ledger.items[0]!.ref).toEqual({
      type: 'post',
      id: postId,
      title: '付费内容的开头写在这里，后面是正文'.slice(0, 20),
    })
    expect(await communityAudit(t.db)).toEqual([])

    // The author's own post: owned, never charged.
    expect(await ok(author.client, 'post/pay', { id: postId })).toEqual({ alreadyOwned: true, balance: 699 })
    expect((await ledgerOf(t.db, author.userId)).rows).toHaveLength(1)
  })

  it('post/pay refuses what cannot be bought and writes nothing', async () => {
    const me = await viewer()
    const author = await insertUser(t.db)
    await fund(t.db, me.userId, 100)
    const free = await insertPost(t.db, { authorId: author })
    const pending = await insertPost(t.db, { authorId: author, price: 50, state: PostState.Pending })
    const rejected = await insertPost(t.db, { authorId: author, price: 50, state: PostState.Rejected })
    const removed = await insertPost(t.db, { authorId: author, price: 50, state: PostState.Removed })
    const dear = await insertPost(t.db, { authorId: author, price: 101 })
    const blockedAuthor = await insertUser(t.db)
    const ofBlocked = await insertPost(t.db, { authorId: blockedAuthor, price: 50 })
    await t.db
      .insert(userBlocks)
      .values({ blockerId: me.userId, blockedId: blockedAuthor, createdAt: new Date(START_MS) })
    // Hidden from the caller: 7004 as for no post at all, so nothing tells that the id exists.
    const cases: [number, number][] = [
      [free, 7003],
      [pending, 7004],
      [rejected, 7004],
      [removed, 7004],
      [ofBlocked, 7004],
      [dear, 7001],
      [999_999, 7004],
    ]
    for (const [id, code] of cases) {
      expect(await codeOf(me.client, 'post/pay', { id }), String(id)).toMatchObject({ code })
    }
    expect(await balanceOf(t.db, me.userId)).toBe(100)
    expect(await balanceOf(t.db, author)).toBe(0)
    expect(await t.db.select().from(postPurchases)).toEqual([])
    expect(await t.db.select().from(walletLedger)).toHaveLength(1)
  })

  it('post/pay with CREATOR_SHARE=0 writes no credit row; the audit holds', async () => {
    await t.rebuild({ creatorShare: 0 })
    const me = await viewer()
    const author = await insertUser(t.db)
    const postId = await insertPost(t.db, { authorId: author, price: 10 })
    await fund(t.db, me.userId, 10)
    expect(await ok(me.client, 'post/pay', { id: postId })).toEqual({ alreadyOwned: false, balance: 0 })
    expect((await ledgerOf(t.db, author)).rows).toEqual([])
    expect(await communityAudit(t.db)).toEqual([])
  })
})

describe.each(BACKENDS)('post/pay under concurrency (%s)', (backend) => {
  const t = useTestApp(backend, { poolSize: 20 })

  it('100 buyers at once and one buyer racing itself: each charged once, the author credited once per buyer', async () => {
    const service = createPostsService({
      db: t.db,
      now: t.clock.now,
      config: { moderation: 'pre', creatorShare: 70 },
      playLines: async () => [],
    })
    const author = await insertUser(t.db, { nickname: '作者' })
    const postId = await insertPost(t.db, { authorId: author, price: 333 })
    const buyers: number[] = []
    for (let i = 0; i < 100; i++) {
      const buyer = await insertUser(t.db, { nickname: `买家${i}` })
      await fund(t.db, buyer, 1000)
      buyers.push(buyer)
    }
    // Meanwhile the author buys a post of the last buyer's, who is buying theirs: crossed locks.
    const last = buyers.at(-1)!
    const crossed = await insertPost(t.db, { authorId: last, price: 100 })
    await fund(t.db, author, 1000)
    // The first buyer sends 20 unlocks at once, ahead of everyone else's (a pool's worth).
    const attempts = [...Array.from({ length: 19 }, () => buyers[0]!), ...buyers]
    const [crossAnswer, ...answers] = await Promise.all([
      service.pay(author, crossed),
      ...attempts.map((buyer) => service.pay(buyer, postId)),
    ])
    expect(crossAnswer).toEqual({ alreadyOwned: false, balance: expect.any(Number) })
    expect(answers.filter((answer) => !answer.alreadyOwned)).toHaveLength(100)
    expect(answers.filter((answer) => answer.alreadyOwned)).toHaveLength(19)
    for (const answer of answers.slice(0, -1)) expect(answer.balance).toBe(667)
    for (const buyer of buyers.slice(0, -1)) expect(await balanceOf(t.db, buyer)).toBe(667)
    // floor(333 × 70 / 100) = 233, once per buyer; floor(100 × 70 / 100) = 70.
    expect(await balanceOf(t.db, last)).toBe(667 + 70)
    expect(await balanceOf(t.db, author)).toBe(1000 - 100 + 233 * 100)
    expect((await ledgerOf(t.db, author)).rows).toHaveLength(102)
    expect(await t.db.select({ n: count() }).from(postPurchases)).toEqual([{ n: 101 }])
    expect(await communityAudit(t.db)).toEqual([])
  })
})
