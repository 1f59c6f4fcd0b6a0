import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Comment, CommentThread } from '../../../core/contracts/community.ts'
import { PostState } from '../../../core/contracts/community-rules.ts'
import type { Page } from '../../../core/contracts/media.ts'
import { users } from '../../db/schema/accounts.ts'
import { comments, userBlocks } from '../../db/schema/community.ts'
import type { TestClient } from '../../testing/client.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { encodeCursor } from '../catalogue/cursor.ts'
import { REPLIES_SHOWN } from './comments.ts'
import { fund, insertPost, insertUser, postRow, signIn } from './testing.ts'

async function ok<T>(client: TestClient, name: string, body: unknown): Promise<T> {
  const answer = await client.call(name, body)
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 })
  return answer.body.data as T
}
const codeOf = async (client: TestClient, name: string, body: unknown) => (await client.call(name, body)).body.code

describe.each(BACKENDS)('comments (%s)', (backend) => {
  const t = useTestApp(backend)

  async function commentCount() {
    const [row] = await t.db.select({ n: count() }).from(comments)
    return row!.n
  }

  it('comment/add and comment/list: newest threads first, replies oldest first, a reply to a reply names whom', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const other = await signIn(t.newClient, 'device-other')
    await t.db.update(users).set({ nickname: '小明' }).where(eq(users.id, other.userId))
    const postId = await insertPost(t.db, { authorId: other.userId })

    const first = await ok<Comment>(me.client, 'comment/add', { postId, content: '  沙发  ' })
    expect(first).toMatchObject({
      postId,
      author: { id: me.userId, nickname: `游客${me.userId}` },
      content: '沙发',
      parentId: null,
      replyToNickname: '',
      liked: false,
      likeCount: 0,
      createdAt: START_MS / 1000,
    })
    t.clock.advance(1000)
    const reply = await ok<Comment>(other.client, 'comment/add', { postId, content: '谢谢', replyTo: first.id })
    expect(reply).toMatchObject({ parentId: first.id, replyToNickname: '' })
    t.clock.advance(1000)
    const replyToReply = await ok<Comment>(me.client, 'comment/add', { postId, content: '不客气', replyTo: reply.id })
    expect(replyToReply).toMatchObject({ parentId: first.id, replyToNickname: '小明' })
    t.clock.advance(1000)
    const second = await ok<Comment>(other.client, 'comment/add', { postId, content: '第二条' })

    const page = await ok<Page<CommentThread>>(me.client, 'comment/list', { postId })
    expect(page.nextCursor).toBeNull()
    expect(page.items.map((thread) => [thread.id, thread.replyCount, thread.replies.map((r) => r.id)])).toEqual([
      [second.id, 0, []],
      [first.id, 2, [reply.id, replyToReply.id]],
    ])
    expect(page.items[1]!.replies[1]).toMatchObject({ replyToNickname: '小明', author: { id: me.userId } })
    expect(await postRow(t.db, postId)).toMatchObject({ commentCount: 4, hotScore: 8 })
  })

  it('pages threads by 10 and shows the first replies of a long thread with its count', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const postId = await insertPost(t.db, { authorId: await insertUser(t.db) })
    const ids: number[] = []
    for (let i = 0; i < 12; i++) {
      ids.push((await ok<Comment>(me.client, 'comment/add', { postId, content: `评论${i}` })).id)
      t.clock.advance(1000)
    }
    for (let i = 0; i < REPLIES_SHOWN + 3; i++) {
      await ok(me.client, 'comment/add', { postId, content: `回复${i}`, replyTo: ids[11] })
      t.clock.advance(1000)
    }
    const first = await ok<Page<CommentThread>>(me.client, 'comment/list', { postId })
    expect(first.items).toHaveLength(10)
    expect(first.items[0]).toMatchObject({ id: ids[11], replyCount: REPLIES_SHOWN + 3 })
    expect(first.items[0]!.replies.map((r) => r.content)).toEqual(
      Array.from({ length: REPLIES_SHOWN }, (_, i) => `回复${i}`),
    )
    const second = await ok<Page<CommentThread>>(me.client, 'comment/list', { postId, cursor: first.nextCursor })
    expect(second.items.map((thread) => thread.id)).toEqual([ids[1], ids[0]])
    expect(second.nextCursor).toBeNull()
    expect(
      await codeOf(me.client, 'comment/list', { postId, cursor: encodeCursor('posts-latest', { key: 1, id: 1 }) }),
    ).toBe(4000)
  })

  it('comment/list with parentId pages a long thread oldest first, leaving out blocked and removed repliers', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const other = await signIn(t.newClient, 'device-other')
    const troll = await signIn(t.newClient, 'device-troll')
    const postId = await insertPost(t.db, { authorId: other.userId })
    const head = await ok<Comment>(other.client, 'comment/add', { postId, content: '楼主' })
    const replies: number[] = []
    for (let i = 0; i < 25; i++) {
      t.clock.advance(1000)
      replies.push(
        (await ok<Comment>(other.client, 'comment/add', { postId, content: `回复${i}`, replyTo: head.id })).id,
      )
      // Same second as the reply before: the id breaks the tie.
      if (i === 21) {
        await ok(troll.client, 'comment/add', { postId, content: '捣乱', replyTo: head.id })
        const gone = await ok<Comment>(other.client, 'comment/add', { postId, content: '违规', replyTo: head.id })
        await t.db.update(comments).set({ removed: true }).where(eq(comments.id, gone.id))
      }
    }
    await t.db
      .insert(userBlocks)
      .values({ blockerId: me.userId, blockedId: troll.userId, createdAt: new Date(START_MS) })

    const [thread] = (await ok<Page<CommentThread>>(me.client, 'comment/list', { postId })).items
    expect(thread).toMatchObject({ id: head.id, replyCount: 25 })
    expect(thread!.replies.map((reply) => reply.id)).toEqual(replies.slice(0, REPLIES_SHOWN))
    const rest = await ok<Page<CommentThread>>(me.client, 'comment/list', {
      postId,
      parentId: head.id,
      cursor: thread!.repliesCursor,
    })
    expect(rest.items.map((reply) => reply.id)).toEqual(replies.slice(REPLIES_SHOWN))
    expect(rest.items[0]).toMatchObject({ parentId: head.id, replies: [], replyCount: 0, repliesCursor: null })
    expect(rest.nextCursor).toBeNull()

    const first = await ok<Page<CommentThread>>(me.client, 'comment/list', { postId, parentId: head.id })
    expect(first.items.map((reply) => reply.id)).toEqual(replies.slice(0, REPLIES_SHOWN))
    const second = await ok<Page<CommentThread>>(me.client, 'comment/list', {
      postId,
      parentId: head.id,
      cursor: first.nextCursor,
    })
    expect(second.items.map((reply) => reply.content)).toEqual(['回复20', '回复21', '回复22', '回复23', '回复24'])
    expect(second.nextCursor).toBeNull()
    // The troll sees their own reply; nobody sees the removed one.
    const theirs = await ok<Page<CommentThread>>(troll.client, 'comment/list', {
      postId,
      parentId: head.id,
      cursor: first.nextCursor,
    })
    expect(theirs.items.map((reply) => reply.content)).toEqual([
      '回复20',
      '回复21',
      '捣乱',
      '回复22',
      '回复23',
      '回复24',
    ])
    // A thread whose replies all show has no cursor.
    const short = await ok<Comment>(other.client, 'comment/add', { postId, content: '短' })
    await ok(other.client, 'comment/add', { postId, content: '一条', replyTo: short.id })
    const [shortThread] = (await ok<Page<CommentThread>>(me.client, 'comment/list', { postId })).items
    expect(shortThread).toMatchObject({ id: short.id, replyCount: 1, repliesCursor: null })
  })

  it('comment/list with parentId refuses what is not a shown top-level comment of the post', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const other = await signIn(t.newClient, 'device-other')
    const troll = await signIn(t.newClient, 'device-troll')
    const postId = await insertPost(t.db, { authorId: other.userId })
    const elsewhere = await insertPost(t.db, { authorId: other.userId })
    const head = await ok<Comment>(other.client, 'comment/add', { postId, content: '楼主' })
    const reply = await ok<Comment>(other.client, 'comment/add', { postId, content: '回复', replyTo: head.id })
    const foreign = await ok<Comment>(other.client, 'comment/add', { postId: elsewhere, content: '别处' })
    const removed = await ok<Comment>(other.client, 'comment/add', { postId, content: '违规' })
    await t.db.update(comments).set({ removed: true }).where(eq(comments.id, removed.id))
    const trollTop = await ok<Comment>(troll.client, 'comment/add', { postId, content: '捣乱' })
    await t.db
      .insert(userBlocks)
      .values({ blockerId: me.userId, blockedId: troll.userId, createdAt: new Date(START_MS) })
    const hidden = await insertPost(t.db, { authorId: other.userId, state: PostState.Pending })

    for (const parentId of [reply.id, foreign.id, removed.id, trollTop.id, 999_999]) {
      const answer = await me.client.call('comment/list', { postId, parentId })
      expect(answer.body, String(parentId)).toMatchObject({ code: 4000 })
      expect(String(answer.body.msg)).toContain('parentId')
    }
    expect(await codeOf(me.client, 'comment/list', { postId: hidden, parentId: head.id })).toBe(7004)
    expect(
      await codeOf(me.client, 'comment/list', {
        postId,
        parentId: head.id,
        cursor: encodeCursor('comments', { key: 1, id: 1 }),
      }),
    ).toBe(4000)
    expect(await codeOf(me.client, 'comment/list', { postId, parentId: 0 })).toBe(4000)
  })

  it('leaves out removed comments (a removed thread with its replies) and those of blocked users', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const other = await signIn(t.newClient, 'device-other')
    const troll = await signIn(t.newClient, 'device-troll')
    const postId = await insertPost(t.db, { authorId: other.userId })
    const kept = await ok<Comment>(other.client, 'comment/add', { postId, content: '正常' })
    const removed = await ok<Comment>(other.client, 'comment/add', { postId, content: '违规' })
    await ok(me.client, 'comment/add', { postId, content: '回复违规', replyTo: removed.id })
    const trollTop = await ok<Comment>(troll.client, 'comment/add', { postId, content: '捣乱' })
    await ok(troll.client, 'comment/add', { postId, content: '捣乱回复', replyTo: kept.id })
    await t.db.update(comments).set({ removed: true }).where(eq(comments.id, removed.id))
    await t.db
      .insert(userBlocks)
      .values({ blockerId: me.userId, blockedId: troll.userId, createdAt: new Date(START_MS) })

    const mine = await ok<Page<CommentThread>>(me.client, 'comment/list', { postId })
    expect(mine.items.map((thread) => [thread.content, thread.replyCount, thread.replies.length])).toEqual([
      ['正常', 0, 0],
    ])
    const theirs = await ok<Page<CommentThread>>(other.client, 'comment/list', { postId })
    expect(theirs.items.map((thread) => [thread.id, thread.replyCount])).toEqual([
      [trollTop.id, 0],
      [kept.id, 1],
    ])
    // A removed comment cannot be answered or liked.
    expect(await codeOf(me.client, 'comment/add', { postId, content: 'x', replyTo: removed.id })).toBe(4000)
    expect(await codeOf(me.client, 'comment/like', { id: removed.id, like: true })).toBe(7004)
  })

  it('comment/add on a priced post: locked for others until they buy it, never for its author', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const author = await signIn(t.newClient, 'device-author')
    const locked = await insertPost(t.db, { authorId: author.userId, price: 50 })
    const answer = await me.client.call('comment/add', { postId: locked, content: '想看' })
    expect(answer.body).toMatchObject({ code: 7055, msg: '解锁后才能评论' })
    expect(await commentCount()).toBe(0)
    expect(await postRow(t.db, locked)).toMatchObject({ commentCount: 0 })
    await ok(author.client, 'comment/add', { postId: locked, content: '作者自己' })
    await fund(t.db, me.userId, 50)
    await ok(me.client, 'post/pay', { id: locked })
    await ok(me.client, 'comment/add', { postId: locked, content: '买了' })
    expect(await postRow(t.db, locked)).toMatchObject({ commentCount: 2 })
  })

  it('comment/add refuses hidden posts, foreign replies, banned users and bad text, changing nothing', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const author = await insertUser(t.db)
    const published = await insertPost(t.db, { authorId: author })
    const elsewhere = await insertPost(t.db, { authorId: author })
    const foreign = await ok<Comment>(me.client, 'comment/add', { postId: elsewhere, content: '别处' })
    const ownPending = await insertPost(t.db, { authorId: me.userId, state: PostState.Pending })
    const blockedAuthor = await insertUser(t.db)
    const ofBlocked = await insertPost(t.db, { authorId: blockedAuthor })
    await t.db
      .insert(userBlocks)
      .values({ blockerId: me.userId, blockedId: blockedAuthor, createdAt: new Date(START_MS) })
    const before = await commentCount()
    const cases: [unknown, number][] = [
      // Hidden from the caller: 7004 as for no post at all, so nothing tells that the id exists.
      [{ postId: await insertPost(t.db, { authorId: author, state: PostState.Pending }), content: 'x' }, 7004],
      [{ postId: await insertPost(t.db, { authorId: author, state: PostState.Rejected }), content: 'x' }, 7004],
      [{ postId: await insertPost(t.db, { authorId: author, state: PostState.Removed }), content: 'x' }, 7004],
      [{ postId: ofBlocked, content: 'x' }, 7004],
      [{ postId: 999_999, content: 'x' }, 7004],
      [{ postId: ownPending, content: 'x' }, 7054],
      [{ postId: await insertPost(t.db, { authorId: author, price: 50 }), content: 'x' }, 7055],
      [{ postId: published, content: 'x', replyTo: foreign.id }, 4000],
      [{ postId: published, content: 'x', replyTo: 999_999 }, 4000],
      [{ postId: published, content: '   ' }, 4000],
      [{ postId: published, content: 'a\nb' }, 4000],
      [{ postId: published, content: 'x'.repeat(501) }, 4000],
    ]
    for (const [body, code] of cases)
      expect(await codeOf(me.client, 'comment/add', body), JSON.stringify(body)).toBe(code)
    expect(await commentCount()).toBe(before)
    expect(await postRow(t.db, published)).toMatchObject({ commentCount: 0, hotScore: 0 })

    await t.db
      .update(users)
      .set({ bannedUntil: new Date(START_MS + 60_000) })
      .where(eq(users.id, me.userId))
    expect(await codeOf(me.client, 'comment/add', { postId: published, content: 'x' })).toBe(7050)
    expect((await me.client.call('comment/list', { postId: published })).body.code).toBe(200)
    expect(await commentCount()).toBe(before)
    t.clock.advance(60_000)
    expect(await codeOf(me.client, 'comment/add', { postId: published, content: 'x' })).toBe(200)
  })

  it('comment/list of a post the caller cannot see is 7004', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const author = await insertUser(t.db)
    for (const state of [PostState.Pending, PostState.Rejected, PostState.Removed]) {
      const postId = await insertPost(t.db, { authorId: author, state })
      expect(await codeOf(me.client, 'comment/list', { postId })).toBe(7004)
    }
    const own = await insertPost(t.db, { authorId: me.userId, state: PostState.Pending })
    expect(await ok(me.client, 'comment/list', { postId: own })).toEqual({ items: [], nextCursor: null })
  })

  it('comment/like: idempotent both ways, shown as liked to its liker only', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const other = await signIn(t.newClient, 'device-other')
    const postId = await insertPost(t.db, { authorId: other.userId })
    const comment = await ok<Comment>(other.client, 'comment/add', { postId, content: '点赞我' })
    expect(await ok(me.client, 'comment/like', { id: comment.id, like: true })).toEqual({ liked: true, likeCount: 1 })
    expect(await ok(me.client, 'comment/like', { id: comment.id, like: true })).toEqual({ liked: true, likeCount: 1 })
    expect(await ok(other.client, 'comment/like', { id: comment.id, like: true })).toEqual({
      liked: true,
      likeCount: 2,
    })
    const [thread] = (await ok<Page<CommentThread>>(me.client, 'comment/list', { postId })).items
    expect(thread).toMatchObject({ liked: true, likeCount: 2 })
    expect(await ok(me.client, 'comment/like', { id: comment.id, like: false })).toEqual({ liked: false, likeCount: 1 })
    expect(await ok(me.client, 'comment/like', { id: comment.id, like: false })).toEqual({ liked: false, likeCount: 1 })
    expect(await codeOf(me.client, 'comment/like', { id: 999_999, like: true })).toBe(7004)
  })
})
