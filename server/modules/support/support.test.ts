import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Page } from '../../../core/contracts/media.ts'
import type { Contact, FaqEntry, Feedback } from '../../../core/contracts/support.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import { DEMO_CONTACT, DEMO_FAQ, seedDemoSupport } from '../../db/demo/support.ts'
import { messages } from '../../db/schema/messages.ts'
import { appConfig } from '../../db/schema/ping.ts'
import { feedback } from '../../db/schema/support.ts'
import type { TestClient } from '../../testing/client.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { insertImage, signIn } from '../community/testing.ts'
import { createSupportDesk, DAILY_FEEDBACK_LIMIT, FEEDBACK_PATH, SupportRefusal } from './service.ts'

async function ok<T>(client: TestClient, name: string, body?: unknown): Promise<T> {
  const answer = await client.call(name, body)
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 })
  return answer.body.data as T
}
const codeOf = async (client: TestClient, name: string, body: unknown) => (await client.call(name, body)).body.code

const HOUR_MS = 3600_000

describe.each(BACKENDS)('support (%s)', (backend) => {
  const t = useTestApp(backend)
  const desk = () => createSupportDesk({ db: t.db, now: t.clock.now })
  const stored = async () => (await t.db.select({ n: count() }).from(feedback))[0]!.n

  it('feedback/add stores the text, contact and own images; feedback/list shows them with sizes', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const image = await insertImage(t.db, me.userId, { width: 300, height: 200 })
    const { id } = await ok<{ id: number }>(me.client, 'feedback/add', {
      type: 'playback',
      content: '  视频一直卡在加载  ',
      imageIds: [image],
      contact: 'qq 12345',
    })
    const page = await ok<Page<Feedback>>(me.client, 'feedback/list', {})
    expect(page).toEqual({
      items: [
        {
          id,
          type: 'playback',
          content: '视频一直卡在加载',
          images: [{ key: image, width: 300, height: 200 }],
          contact: 'qq 12345',
          createdAt: START_MS / 1000,
          reply: '',
          repliedAt: null,
        },
      ],
      nextCursor: null,
    })
  })

  it('refuses bad feedback with a clear error and stores nothing', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const other = await signIn(t.newClient, 'device-other')
    const mine = await Promise.all([1, 2, 3, 4, 5].map(() => insertImage(t.db, me.userId)))
    const theirs = await insertImage(t.db, other.userId)
    const operators = await insertImage(t.db, null)
    const base = { type: 'bug', content: '闪退' }
    const refusals: [unknown, number][] = [
      [{ ...base, type: 'rant' }, ResultCode.ValidationError],
      [{ ...base, content: '   ' }, ResultCode.ValidationError],
      [{ ...base, content: '字'.repeat(501) }, ResultCode.ValidationError],
      [{ ...base, imageIds: mine }, ResultCode.ValidationError],
      [{ ...base, imageIds: [mine[0], mine[0]] }, ResultCode.ValidationError],
      [{ ...base, contact: 'x'.repeat(51) }, ResultCode.ValidationError],
      [{ ...base, imageIds: [mine[0], theirs] }, BusinessCode.ImageNotYours],
      [{ ...base, imageIds: [operators] }, BusinessCode.ImageNotYours],
      [{ ...base, imageIds: ['AAAAAAAAAAAAAAAA'] }, BusinessCode.ImageNotYours],
    ]
    for (const [body, code] of refusals) {
      expect(await codeOf(me.client, 'feedback/add', body), JSON.stringify(body)).toBe(code)
    }
    expect(await stored()).toBe(0)
    expect(await codeOf(me.client, 'feedback/add', { ...base, imageIds: mine.slice(0, 4) })).toBe(200)
    expect(await stored()).toBe(1)
  })

  it(`caps feedback at ${DAILY_FEEDBACK_LIMIT} an Asia/Shanghai day per user, even when sent at once`, async () => {
    const me = await signIn(t.newClient, 'device-me')
    const other = await signIn(t.newClient, 'device-other')
    const codes = await Promise.all(
      Array.from({ length: DAILY_FEEDBACK_LIMIT + 3 }, (_, i) =>
        codeOf(me.client, 'feedback/add', { type: 'other', content: `第${i}条` }),
      ),
    )
    expect(codes.filter((code) => code === 200)).toHaveLength(DAILY_FEEDBACK_LIMIT)
    expect(codes.filter((code) => code === BusinessCode.FeedbackLimit)).toHaveLength(3)
    expect(await codeOf(other.client, 'feedback/add', { type: 'other', content: '别人的' })).toBe(200)
    // START_MS is 08:00 in Shanghai: the next day starts 16 hours later, not 24.
    t.clock.advance(16 * HOUR_MS - 1)
    expect(await codeOf(me.client, 'feedback/add', { type: 'other', content: '还早' })).toBe(BusinessCode.FeedbackLimit)
    t.clock.advance(1)
    expect(await codeOf(me.client, 'feedback/add', { type: 'other', content: '次日' })).toBe(200)
  })

  it("feedback/list: only the caller's, newest first, in keyset pages of 10", async () => {
    const me = await signIn(t.newClient, 'device-me')
    const other = await signIn(t.newClient, 'device-other')
    await ok(other.client, 'feedback/add', { type: 'other', content: '别人的' })
    const ids: number[] = []
    for (let i = 0; i < 12; i++) {
      if (i === DAILY_FEEDBACK_LIMIT) t.clock.advance(24 * HOUR_MS)
      ids.push((await ok<{ id: number }>(me.client, 'feedback/add', { type: 'suggestion', content: `建议${i}` })).id)
    }
    const first = await ok<Page<Feedback>>(me.client, 'feedback/list', {})
    expect(first.items.map((item) => item.id)).toEqual(ids.slice(2).reverse())
    expect(first.nextCursor).not.toBeNull()
    const second = await ok<Page<Feedback>>(me.client, 'feedback/list', { cursor: first.nextCursor })
    expect(second).toEqual({ items: expect.any(Array), nextCursor: null })
    expect(second.items.map((item) => item.id)).toEqual([ids[1], ids[0]])
    expect(await codeOf(me.client, 'feedback/list', { cursor: 'bm9wZQ' })).toBe(ResultCode.ValidationError)
  })

  it('a reply is set once, with a feedback message to the user in the same transaction', async () => {
    const me = await signIn(t.newClient, 'device-me')
    const { id } = await ok<{ id: number }>(me.client, 'feedback/add', { type: 'payment', content: '充值没到账' })
    expect((await desk().listFeedback({ unreplied: true, limit: 50 })).total).toBe(1)
    t.clock.advance(HOUR_MS)
    await desk().reply(id, '已为你补发，请查看余额')
    const [item] = (await ok<Page<Feedback>>(me.client, 'feedback/list', {})).items
    expect(item).toMatchObject({ reply: '已为你补发，请查看余额', repliedAt: (START_MS + HOUR_MS) / 1000 })
    const sent = await t.db.select().from(messages).where(eq(messages.userId, me.userId))
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'feedback',
        body: '已为你补发，请查看余额',
        link: FEEDBACK_PATH,
        refType: 'feedback',
        refId: id,
      }),
    ])
    await expect(desk().reply(id, '再回复一次')).rejects.toThrow(SupportRefusal)
    await expect(desk().reply(id + 100, '没有这条')).rejects.toThrow(SupportRefusal)
    expect(await t.db.select({ n: count() }).from(messages)).toEqual([{ n: 1 }])
    expect((await desk().listFeedback({ unreplied: true, limit: 50 })).total).toBe(0)
    expect((await ok<Page<Feedback>>(me.client, 'feedback/list', {})).items[0]!.reply).toBe('已为你补发，请查看余额')
  })

  it('aicustomerservice/list answers the seeded FAQ in order, and follows the operators’ edits', async () => {
    const me = await signIn(t.newClient, 'device-me')
    expect(await ok(me.client, 'aicustomerservice/list')).toEqual({ entries: [] })
    await seedDemoSupport(t.db, new Date(START_MS))
    await seedDemoSupport(t.db, new Date(START_MS))
    const { entries } = await ok<{ entries: FaqEntry[] }>(me.client, 'aicustomerservice/list')
    expect(entries.map((entry) => entry.question)).toEqual(DEMO_FAQ.map((entry) => entry.question))
    expect(entries.some((entry) => entry.suggested)).toBe(true)
    const added = await desk().faqAdd({ question: '新问题', answer: '新答案', keywords: ['新'], suggested: false })
    await desk().faqEdit(added.id, { sort: 0, suggested: true })
    await desk().faqRemove(entries[0]!.id)
    await expect(desk().faqRemove(entries[0]!.id)).rejects.toThrow(SupportRefusal)
    await expect(desk().faqEdit(99_999, { answer: 'x' })).rejects.toThrow(SupportRefusal)
    const after = (await ok<{ entries: FaqEntry[] }>(me.client, 'aicustomerservice/list')).entries
    expect(after[0]).toEqual({ id: added.id, question: '新问题', answer: '新答案', keywords: ['新'], suggested: true })
    expect(after.map((entry) => entry.id)).not.toContain(entries[0]!.id)
  })

  it('ping/contact answers the contact config, leaving out entries outside the contract', async () => {
    const me = await signIn(t.newClient, 'device-me')
    expect((await me.client.call('ping/contact')).status).toBe(200)
    expect(await ok(me.client, 'ping/contact')).toEqual({
      channels: [],
      onlineUrl: '',
      groups: [],
      recruitment: { title: '', text: '', contact: '' },
    })
    await seedDemoSupport(t.db, new Date(START_MS))
    expect(await ok<Contact>(me.client, 'ping/contact')).toEqual(DEMO_CONTACT)
    const edited = { ...DEMO_CONTACT, channels: [{ name: '坏的' }, ...DEMO_CONTACT.channels], recruitment: 'x' }
    await t.db.update(appConfig).set({ value: edited }).where(eq(appConfig.key, 'contact'))
    expect(await ok<Contact>(me.client, 'ping/contact')).toEqual({
      ...DEMO_CONTACT,
      recruitment: { title: '', text: '', contact: '' },
    })
    const anonymous = t.newClient()
    expect((await anonymous.call('ping/contact')).body.code).toBe(ResultCode.SessionInvalid)
  })
})
