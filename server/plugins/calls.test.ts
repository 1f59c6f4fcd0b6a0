import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MAX_ID } from '../../core/contracts/fields.ts'
import type { Db } from '../db/client.ts'
import { BACKENDS, useTestApp } from '../testing/harness.ts'
import { createWalletService } from '../modules/wallet/service.ts'
import { insertCollection, insertVideos, loginGuest } from '../modules/wallet/testing.ts'

/** Every row of every table, as text: equal snapshots mean a request changed nothing. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
  )) as unknown as { rows: { name: string }[] }
  const all: Record<string, string[]> = {}
  for (const { name } of tables.rows) {
    const result = (await db.execute(
      sql`select t::text as row from ${sql.identifier(name)} t order by 1`,
    )) as unknown as { rows: { row: string }[] }
    all[name] = result.rows.map((row) => row.row)
  }
  return all
}

const ID_REASON = `must be an integer from 1 to ${MAX_ID}`
const TEXT_REASON = 'must not contain control characters'

/** Input the database cannot take answers 4000 naming the field, before any handler runs. */
describe.each(BACKENDS)('call input (%s)', (backend) => {
  const t = useTestApp(backend)

  /** A guest with diamonds, and priced videos 1–16 and a priced collection, so a coerced id would buy. */
  async function setUp() {
    const userId = await loginGuest(t.client, 'device-calls-1')
    await createWalletService({ db: t.db, now: t.clock.now }).credit(userId, 100_000, 'test')
    const collectionId = await insertCollection(t.db, 500)
    const videoIds = await insertVideos(
      t.db,
      Array.from({ length: 16 }, () => ({ price: 100, collectionId })),
    )
    expect(videoIds).toContain(16)
    return { userId }
  }

  async function expectRefused(name: string, body: unknown, message: string, options: { token?: string } = {}) {
    const answer = await t.client.call(name, body, options)
    expect(answer.status, `${name} ${JSON.stringify(body)}`).toBe(200)
    expect(answer.body, `${name} ${JSON.stringify(body)}`).toMatchObject({ code: 4000, msg: message })
  }

  it('an id past 2^31 − 1 answers 4000 naming it on every call that takes one, and changes nothing', async () => {
    const { userId } = await setUp()
    const big = MAX_ID + 1
    const before = await snapshot(t.db)
    const cases: [string, unknown, string][] = [
      ['media/pay', { id: big }, 'id'],
      ['media/collect/pay', { id: big }, 'id'],
      ['media/play', { id: big }, 'id'],
      ['media/like', { id: big, like: true }, 'id'],
      ['media/trackList', { id: big, position: 1, started: true }, 'id'],
      ['collect/operate', { id: big }, 'id'],
      ['collect/delete', { ids: [1, big] }, 'ids.1'],
      ['media/tag/details', { id: big }, 'id'],
      ['media/topic/details', { id: big }, 'id'],
      ['media/actor/details', { id: big }, 'id'],
      ['media/collect/details', { id: big }, 'id'],
      ['content/info', { id: big }, 'id'],
      ['advertise/click', { id: big }, 'id'],
      ['user/info', { userId: big }, 'userId'],
    ]
    for (const [name, body, field] of cases) await expectRefused(name, body, `${field}: ${ID_REASON}`)
    await expectRefused('content/info', { id: big }, `id: ${ID_REASON}`, { token: '' })
    expect(await snapshot(t.db)).toEqual(before)
    // The largest id is still an id: it is looked up and not found.
    expect((await t.client.call('content/info', { id: MAX_ID })).body.code).toBe(7004)
    expect((await t.client.call('user/info', { userId: MAX_ID })).body.code).toBe(7004)
    expect((await t.client.call('user/info', { userId })).body.code).toBe(200)
  })

  it('refuses ids that are not JSON integers instead of coercing them', async () => {
    await setUp()
    const before = await snapshot(t.db)
    for (const id of [true, [4], '0x10', ' 4 ', '4', 4.5, 0, -1, null]) {
      for (const name of ['media/pay', 'media/collect/pay', 'collect/operate', 'content/info', 'media/play']) {
        await expectRefused(name, { id }, `id: ${ID_REASON}`)
      }
      await expectRefused('collect/delete', { ids: [id] }, `ids.0: ${ID_REASON}`)
      await expectRefused('media/like', { id, like: true }, `id: ${ID_REASON}`)
      await expectRefused('user/info', { userId: id }, `userId: ${ID_REASON}`)
    }
    expect(await snapshot(t.db)).toEqual(before)
    expect((await t.client.call('media/pay', { id: 4 })).body).toMatchObject({ code: 200, data: { balance: 99_900 } })
  })

  it('a control character in a search keyword, a devID or an affCode answers 4000 naming it and changes nothing', async () => {
    await setUp()
    const before = await snapshot(t.db)
    for (const keyword of ['测试\u0000', '\u0000', 'a\u0001b', 'tab\tkeyword', 'a\u007f']) {
      await expectRefused('search/details', { keyword }, `keyword: ${TEXT_REASON}`)
    }
    for (const devID of ['device-\u0000-1234', 'device-1234\n', '\u001b[2Jdevice']) {
      await expectRefused('login/guest', { devID, affCode: '' }, `devID: ${TEXT_REASON}`, { token: '' })
    }
    await expectRefused('login/guest', { devID: 'device-aff-1', affCode: '{"pc":"\u0000"}' }, `affCode: ${TEXT_REASON}`)
    expect(await snapshot(t.db)).toEqual(before)
  })
})
