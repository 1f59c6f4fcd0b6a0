import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { LatestMessages, Message } from '../../../core/contracts/messages.ts'
import { messages } from '../../db/schema/messages.ts'
import { users } from '../../db/schema/accounts.ts'
import { prepareCommand, runCommand } from '../../admin/run-command.ts'
import type { TestClient } from '../../testing/client.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { createModerationService } from '../community/moderation.ts'
import { insertPost } from '../community/testing.ts'
import { loginGuest } from '../wallet/testing.ts'
import { writeMessage } from './write.ts'

const MINUTE = 60_000

describe.each(BACKENDS)('messages (%s)', (backend) => {
  const t = useTestApp(backend)

  async function call<T>(client: TestClient, name: string, body: object = {}) {
    const answer = await client.call(name, body)
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200)
    return answer.body.data as T
  }
  async function guest(device: string) {
    const client = t.newClient()
    const id = await loginGuest(client, device)
    await t.db.update(users).set({ nickname: device }).where(eq(users.id, id))
    return { client, id }
  }
  const latest = (client: TestClient) => call<LatestMessages>(client, 'message/latest')
  const list = (client: TestClient, type: string, cursor?: string) =>
    call<{ items: Message[]; nextCursor: string | null }>(client, 'message/list', cursor ? { type, cursor } : { type })
  const unreadOf = (summary: LatestMessages, type: string) => summary.types.find((row) => row.type === type)!.unread
  const rowsOf = (userId: number) => t.db.select().from(messages).where(eq(messages.userId, userId))
  async function broadcast(args: string[]) {
    const prepared = prepareCommand({ command: 'message:broadcast', args, cwd: '/' })
    if (!('run' in prepared)) return prepared
    return runCommand(prepared, { config: t.config, db: t.db, now: t.clock.now, progress: () => {} })
  }

  it('comments, replies and new likes tell the author, never of their own doing; like, unlike, like tells once', async () => {
    const author = await guest('author')
    const reader = await guest('reader')
    const other = await guest('other')
    const postId = await insertPost(t.db, { authorId: author.id, content: '今天的片单\n第二行' })

    // The author's own comment and like: nothing.
    const own = await call<{ id: number }>(author.client, 'comment/add', { postId, content: '自己的评论' })
    await call(author.client, 'post/like', { id: postId, like: true })
    expect(await rowsOf(author.id)).toEqual([])

    const comment = await call<{ id: number }>(reader.client, 'comment/add', { postId, content: '好看！' })
    await call(other.client, 'comment/add', { postId, content: '同意', replyTo: comment.id })
    await call(reader.client, 'comment/add', { postId, content: '回复作者', replyTo: own.id })
    for (const like of [true, false, true, true]) await call(reader.client, 'post/like', { id: postId, like })
    await call(other.client, 'comment/like', { id: comment.id, like: true })
    await call(reader.client, 'comment/like', { id: comment.id, like: true })

    const link = `/community/postDetail?id=${postId}`
    const told = async (userId: number) => (await rowsOf(userId)).map((m) => [m.type, m.title, m.body, m.link]).sort()
    expect(await told(author.id)).toEqual(
      [
        ['reply', '收到新评论', 'reader评论了你的帖子：好看！', link],
        ['reply', '收到新评论', 'other评论了你的帖子：同意', link],
        ['reply', '收到新回复', 'reader回复了你的评论：回复作者', link],
        ['like', '收到新点赞', 'reader赞了你的帖子：今天的片单 第二行', link],
      ].sort(),
    )
    expect(await told(reader.id)).toEqual(
      [
        ['reply', '收到新回复', 'other回复了你的评论：同意', link],
        ['like', '收到新点赞', 'other赞了你的评论：好看！', link],
      ].sort(),
    )
    expect(await told(other.id)).toEqual([])
  })

  it('moderation outcomes tell the author', async () => {
    const author = await guest('author')
    const moderation = createModerationService({ db: t.db, now: t.clock.now })
    const approved = await insertPost(t.db, { authorId: author.id, content: '待审核一', state: 'pending' })
    const rejected = await insertPost(t.db, { authorId: author.id, content: '待审核二', state: 'pending' })
    await moderation.approve(approved)
    await moderation.reject(rejected, '含有广告')
    await expect(moderation.approve(rejected)).rejects.toThrow(/not pending/)
    const reader = await guest('reader')
    const comment = await call<{ id: number }>(reader.client, 'comment/add', { postId: approved, content: '广告评论' })
    await moderation.remove('comment', comment.id)
    await moderation.remove('post', approved)
    await moderation.remove('post', approved)
    const titles = async (userId: number) => (await rowsOf(userId)).map((m) => [m.type, m.title, m.body, m.link])
    expect(await titles(author.id)).toEqual([
      ['moderation', '帖子审核通过', '你的帖子已发布：待审核一', `/community/postDetail?id=${approved}`],
      ['moderation', '帖子未通过审核', '原因：含有广告（待审核二）', `/community/postDetail?id=${rejected}`],
      ['reply', '收到新评论', 'reader评论了你的帖子：广告评论', `/community/postDetail?id=${approved}`],
      ['moderation', '帖子已被删除', '你的帖子因违反社区规定已被删除：待审核一', ''],
    ])
    expect(await titles(reader.id)).toEqual([
      [
        'moderation',
        '评论已被删除',
        '你的评论因违反社区规定已被删除：广告评论',
        `/community/postDetail?id=${approved}`,
      ],
    ])
  })

  it('counts unread per type, lists newest first by 10, and the first page marks the type read', async () => {
    const user = await guest('reader')
    await t.db.transaction(async (tx) => {
      for (let i = 1; i <= 12; i++) {
        await writeMessage(tx, { userId: user.id, type: 'reward', title: `奖励${i}`, body: '' }, new Date(START_MS + i))
      }
      await writeMessage(tx, { userId: user.id, type: 'order', title: '订单', body: '' }, new Date(START_MS + 20))
    })
    let summary = await latest(user.client)
    expect(summary.unread).toBe(13)
    expect(summary.types.map((row) => row.type)).toEqual([
      'system',
      'reply',
      'like',
      'moderation',
      'order',
      'reward',
      'feedback',
    ])
    expect(summary.types.find((row) => row.type === 'reward')).toMatchObject({
      unread: 12,
      latest: { title: '奖励12', read: false, createdAt: START_MS / 1000 },
    })
    expect(summary.types.find((row) => row.type === 'system')).toEqual({ type: 'system', unread: 0, latest: null })

    const first = await list(user.client, 'reward')
    expect(first.items.map((m) => [m.title, m.read])).toEqual(
      Array.from({ length: 10 }, (_, i) => [`奖励${12 - i}`, false]),
    )
    // Read from here on: the next page still says what was unread when the list was opened.
    const second = await list(user.client, 'reward', first.nextCursor!)
    expect(second).toEqual({
      items: [expect.objectContaining({ title: '奖励2', read: false }), expect.objectContaining({ title: '奖励1' })],
      nextCursor: null,
    })
    summary = await latest(user.client)
    expect([summary.unread, unreadOf(summary, 'reward'), unreadOf(summary, 'order')]).toEqual([1, 0, 1])
    expect((await list(user.client, 'reward')).items.every((m) => m.read)).toBe(true)
    // Another tab's cursor is refused.
    const answer = await user.client.call('message/list', { type: 'order', cursor: first.nextCursor })
    expect(answer.body).toMatchObject({ code: 4000 })
  })

  it('a broadcast reaches the users there when it was sent; later users do not inherit old notices', async () => {
    const old = await guest('old-user')
    t.clock.advance(MINUTE)
    expect(await broadcast(['--title', '维护通知', '--body', '今晚 2 点维护', '--link', '/mine/setting/kf'])).toEqual({
      ok: true,
      output: 'notice sent to every user',
    })
    t.clock.advance(MINUTE)
    const newcomer = await guest('new-user')
    expect(await broadcast(['--title', '给你', '--body', '单独通知', '--user', String(newcomer.id)])).toMatchObject({
      ok: true,
    })
    expect(await broadcast(['--title', '给你', '--body', '单独通知', '--user', '999999'])).toMatchObject({
      ok: false,
    })
    expect(await broadcast(['--title', '', '--body', 'x'])).toMatchObject({ ok: false, usage: true })
    expect(await broadcast(['--title', 't', '--body', 'x', '--link', 'javascript:alert(1)'])).toMatchObject({
      ok: false,
      usage: true,
    })

    const oldSummary = await latest(old.client)
    expect(oldSummary.types[0]).toMatchObject({
      unread: 1,
      latest: { title: '维护通知', body: '今晚 2 点维护', link: '/mine/setting/kf', read: false },
    })
    const newSummary = await latest(newcomer.client)
    expect(newSummary.types[0]).toMatchObject({ unread: 1, latest: { title: '给你' } })
    expect((await list(newcomer.client, 'system')).items.map((m) => m.title)).toEqual(['给你'])
    // Each user reads a broadcast for themselves; one made before it existed sees it too.
    expect((await list(old.client, 'system')).items.map((m) => [m.title, m.read])).toEqual([['维护通知', false]])
    expect((await latest(old.client)).unread).toBe(0)
    const third = await guest('third-user')
    await t.db
      .update(users)
      .set({ createdAt: new Date(START_MS) })
      .where(eq(users.id, third.id))
    expect((await latest(third.client)).unread).toBe(1)
  })
})
