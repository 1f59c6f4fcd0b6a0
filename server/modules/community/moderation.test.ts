import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Comment, CommentThread, PostCard } from '../../../core/contracts/community.ts'
import type { Page } from '../../../core/contracts/media.ts'
import { users } from '../../db/schema/accounts.ts'
import { reports } from '../../db/schema/community.ts'
import { prepareCommand, runCommand, type AdminAnswer } from '../../admin/run-command.ts'
import type { TestClient } from '../../testing/client.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { BANNED_INDEFINITELY } from './moderation.ts'
import { insertImage, postRow, signIn } from './testing.ts'

async function ok<T>(client: TestClient, name: string, body: unknown): Promise<T> {
  const answer = await client.call(name, body)
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 })
  return answer.body.data as T
}
const ids = (page: Page<PostCard>) => page.items.map((card) => card.id)

describe.each(BACKENDS)('moderation (%s)', (backend) => {
  const t = useTestApp(backend)

  async function admin(...argv: string[]): Promise<AdminAnswer> {
    const [command, ...args] = argv
    const prepared = prepareCommand({ command: command!, args, cwd: '/' })
    if (!('run' in prepared)) return prepared
    return runCommand(prepared, { config: t.config, db: t.db, now: t.clock.now, progress: () => {} })
  }

  it('the review queue: approve publishes (publishedAt now); reject shows the reason to the author only', async () => {
    const author = await signIn(t.newClient, 'device-author')
    const reader = await signIn(t.newClient, 'device-reader')
    const image = await insertImage(t.db, author.userId)
    const first = await ok<{ id: number }>(author.client, 'post/publish', {
      categoryId: 3,
      content: '第一篇\n有两行',
      imageIds: [image],
      price: 250,
    })
    t.clock.advance(60_000)
    const second = await ok<{ id: number }>(author.client, 'post/publish', { categoryId: 1, content: '第二篇' })

    expect(await admin('moderation:queue')).toEqual({
      ok: true,
      output: [
        '2 posts waiting for review:',
        `  #${first.id}  2026-01-01 08:00:00  user ${author.userId} (游客${author.userId})  category 3  1 images, price 250 (2.50)`,
        '      第一篇 ⏎ 有两行',
        `  #${second.id}  2026-01-01 08:01:00  user ${author.userId} (游客${author.userId})  category 1  0 images`,
        '      第二篇',
      ].join('\n'),
    })
    expect(ids(await ok(reader.client, 'post/list', {}))).toEqual([])

    t.clock.advance(60_000)
    expect(await admin('moderation:approve', String(first.id))).toEqual({
      ok: true,
      output: `post ${first.id}: published`,
    })
    expect(await postRow(t.db, first.id)).toMatchObject({
      state: 'published',
      publishedAt: new Date(START_MS + 120_000),
    })
    expect(ids(await ok(reader.client, 'post/list', {}))).toEqual([first.id])
    expect(await admin('moderation:reject', String(second.id), '--reason', ' 内容过短 ')).toEqual({
      ok: true,
      output: `post ${second.id}: rejected (内容过短)`,
    })
    expect(await admin('moderation:queue')).toEqual({ ok: true, output: 'no posts waiting for review' })

    // Rejected: its author sees it with the reason; nobody else sees it anywhere.
    const mine = await ok<Page<PostCard>>(author.client, 'post/mypublish', {})
    expect(mine.items.map((card) => [card.id, card.state, card.rejectReason])).toEqual([
      [second.id, 'rejected', '内容过短'],
      [first.id, 'published', ''],
    ])
    expect(await ok(author.client, 'post/detail', { id: second.id })).toMatchObject({ rejectReason: '内容过短' })
    expect((await reader.client.call('post/detail', { id: second.id })).body.code).toBe(7004)
    expect(ids(await ok(reader.client, 'post/list', { authorId: author.userId }))).toEqual([first.id])

    // Only a pending post is decided; anything else is refused and changes nothing.
    for (const [argv, error] of [
      [['moderation:approve', String(first.id)], `post ${first.id} is published, not pending`],
      [['moderation:approve', String(second.id)], `post ${second.id} is rejected, not pending`],
      [['moderation:reject', String(first.id), '--reason', 'x'], `post ${first.id} is published, not pending`],
      [['moderation:approve', '999999'], 'no post with id 999999'],
    ] as const) {
      expect(await admin(...argv)).toEqual({
        ok: false,
        usage: false,
        error: `${argv[0]}: ${error}; nothing was changed`,
      })
    }
    expect(await postRow(t.db, second.id)).toMatchObject({ state: 'rejected', publishedAt: null })
  })

  it('reports:list and content:remove: a removed post or comment disappears and its reports are resolved', async () => {
    await t.rebuild({ moderation: 'post' })
    const author = await signIn(t.newClient, 'device-author')
    const reader = await signIn(t.newClient, 'device-reader')
    const other = await signIn(t.newClient, 'device-other')
    const post = await ok<{ id: number }>(author.client, 'post/publish', { categoryId: 1, content: '加微信领红包' })
    const comment = await ok<Comment>(author.client, 'comment/add', { postId: post.id, content: '私聊我' })
    const kept = await ok<Comment>(reader.client, 'comment/add', { postId: post.id, content: '正常评论' })
    await ok(reader.client, 'report/add', { targetType: 'post', targetId: post.id, reason: '广告' })
    t.clock.advance(1000)
    await ok(other.client, 'report/add', { targetType: 'post', targetId: post.id, reason: '骗子' })
    await ok(reader.client, 'report/add', { targetType: 'comment', targetId: comment.id, reason: '引流' })
    await ok(reader.client, 'report/add', { targetType: 'user', targetId: author.userId, reason: '发广告' })

    const listed = await admin('reports:list')
    expect(listed.ok).toBe(true)
    const output = (listed as { output: string }).output
    expect(output.split('\n').slice(0, 4)).toEqual([
      '4 open reports:',
      `  #1  2026-01-01 08:00:00  post ${post.id}  by user ${reader.userId}  (2 open on it)`,
      '      reason: 广告',
      `      user ${author.userId} (游客${author.userId}), published: 加微信领红包`,
    ])
    expect(output).toContain(`comment ${comment.id}  by user ${reader.userId}  (1 open on it)`)
    expect(output).toContain(`      user ${author.userId} (游客${author.userId}), shown: 私聊我`)
    expect(output).toContain(`user ${author.userId}  by user ${reader.userId}`)

    expect(await admin('content:remove', 'comment', String(comment.id))).toEqual({
      ok: true,
      output: `comment ${comment.id}: removed; 1 open reports resolved`,
    })
    const threads = await ok<Page<CommentThread>>(reader.client, 'comment/list', { postId: post.id })
    expect(threads.items.map((thread) => thread.id)).toEqual([kept.id])
    expect(await postRow(t.db, post.id)).toMatchObject({ commentCount: 1, hotScore: 2 })
    expect(await admin('content:remove', 'comment', String(comment.id))).toEqual({
      ok: true,
      output: `comment ${comment.id}: was removed already; 0 open reports resolved`,
    })

    expect(await admin('content:remove', 'post', String(post.id))).toEqual({
      ok: true,
      output: `post ${post.id}: removed; 2 open reports resolved`,
    })
    for (const client of [reader.client, author.client]) {
      expect((await client.call('post/detail', { id: post.id })).body.code).toBe(7004)
      expect(ids(await ok(client, 'post/list', {}))).toEqual([])
    }
    expect(ids(await ok(author.client, 'post/mypublish', {}))).toEqual([])
    expect((await reader.client.call('comment/add', { postId: post.id, content: 'x' })).body.code).toBe(7004)
    const open = await t.db.select().from(reports).where(eq(reports.targetType, 'user'))
    expect(open).toMatchObject([{ resolvedAt: null }])
    expect((await admin('reports:list')) as { output: string }).toMatchObject({
      output: expect.stringMatching(/^1 open reports:\n/),
    })
    for (const [argv, error] of [
      [['content:remove', 'post', '999999'], 'no post with id 999999'],
      [['content:remove', 'comment', '999999'], 'no comment with id 999999'],
    ] as const) {
      expect(await admin(...argv)).toEqual({
        ok: false,
        usage: false,
        error: `${argv[0]}: ${error}; nothing was changed`,
      })
    }
  })

  it('content:remove of a top-level comment takes its whole thread out of comment_count and hot_score', async () => {
    await t.rebuild({ moderation: 'post' })
    const author = await signIn(t.newClient, 'device-author')
    const reader = await signIn(t.newClient, 'device-reader')
    const post = await ok<{ id: number }>(author.client, 'post/publish', { categoryId: 1, content: '讨论' })
    const head = await ok<Comment>(reader.client, 'comment/add', { postId: post.id, content: '楼主好' })
    const replies: Comment[] = []
    for (const replyTo of [head.id, head.id, head.id]) {
      replies.push(await ok<Comment>(author.client, 'comment/add', { postId: post.id, content: '回复', replyTo }))
    }
    const other = await ok<Comment>(author.client, 'comment/add', { postId: post.id, content: '另一楼' })
    expect(await postRow(t.db, post.id)).toMatchObject({ commentCount: 5, hotScore: 10 })

    await admin('content:remove', 'comment', String(replies[0]!.id))
    expect(await postRow(t.db, post.id)).toMatchObject({ commentCount: 4, hotScore: 8 })
    // The head and its two replies left: three, not one.
    await admin('content:remove', 'comment', String(head.id))
    expect(await postRow(t.db, post.id)).toMatchObject({ commentCount: 1, hotScore: 2 })
    // A reply of the gone thread was counted out with it, and takes no answers.
    expect(await admin('content:remove', 'comment', String(replies[1]!.id))).toMatchObject({ ok: true })
    expect(await postRow(t.db, post.id)).toMatchObject({ commentCount: 1, hotScore: 2 })
    const answer = await reader.client.call('comment/add', { postId: post.id, content: 'x', replyTo: replies[2]!.id })
    expect(answer.body.code).toBe(4000)
    const threads = await ok<Page<CommentThread>>(reader.client, 'comment/list', { postId: post.id })
    expect(threads.items.map((thread) => thread.id)).toEqual([other.id])
    expect(await postRow(t.db, post.id)).toMatchObject({ commentCount: 1, hotScore: 2 })
  })

  it('user:ban: n days, indefinitely, lifted with --days 0; a banned user reads but cannot publish or comment', async () => {
    await t.rebuild({ moderation: 'post' })
    const user = await signIn(t.newClient, 'device-user')
    const reader = await signIn(t.newClient, 'device-reader')
    const post = await ok<{ id: number }>(user.client, 'post/publish', { categoryId: 1, content: '发言' })
    await ok(reader.client, 'report/add', { targetType: 'user', targetId: user.userId, reason: '骂人' })
    const bannedUntil = async () =>
      (await t.db.select({ until: users.bannedUntil }).from(users).where(eq(users.id, user.userId)))[0]!.until

    expect(await admin('user:ban', String(user.userId), '--days', '3')).toEqual({
      ok: true,
      output: `user ${user.userId}: banned until 2026-01-04 08:00:00; 1 open reports resolved`,
    })
    expect(await bannedUntil()).toEqual(new Date(START_MS + 3 * 86_400_000))
    expect((await user.client.call('post/publish', { categoryId: 1, content: 'x' })).body.code).toBe(7050)
    expect((await user.client.call('comment/add', { postId: post.id, content: 'x' })).body.code).toBe(7050)
    // Reading, and the session, stay.
    expect(ids(await ok(user.client, 'post/list', {}))).toEqual([post.id])
    expect((await user.client.call('user/info', {})).body.code).toBe(200)
    t.clock.advance(3 * 86_400_000)
    expect((await user.client.call('comment/add', { postId: post.id, content: '回来了' })).body.code).toBe(200)

    expect(await admin('user:ban', String(user.userId))).toEqual({
      ok: true,
      output: `user ${user.userId}: banned indefinitely; 0 open reports resolved`,
    })
    expect(await bannedUntil()).toEqual(BANNED_INDEFINITELY)
    t.clock.advance(20 * 86_400_000)
    expect((await user.client.call('post/publish', { categoryId: 1, content: 'x' })).body.code).toBe(7050)
    expect(await admin('user:ban', String(user.userId), '--days=0')).toEqual({
      ok: true,
      output: `user ${user.userId}: ban lifted`,
    })
    expect(await bannedUntil()).toBeNull()
    expect((await user.client.call('post/publish', { categoryId: 1, content: 'x' })).body.code).toBe(200)
    expect(await admin('user:ban', '999999')).toEqual({
      ok: false,
      usage: false,
      error: 'user:ban: no user with id 999999; nothing was changed',
    })
  })
})
