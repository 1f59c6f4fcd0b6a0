import { describe, expect, it } from 'vitest'
import type { LedgerPage } from '../../../core/contracts/payments.ts'
import { ResultCode } from '../../../core/protocol/codes.ts'
import { users } from '../../db/schema/accounts.ts'
import { BACKENDS, START_MS, useFreshDatabase, useTestApp } from '../../testing/harness.ts'
import { encodeCursor } from '../catalogue/cursor.ts'
import { paidOrder } from '../payments/order-fixtures.ts'
import { createWalletService } from './service.ts'
import { insertCollection, insertVideos, loginGuest } from './testing.ts'

describe.each(BACKENDS)('wallet ledger (%s)', (backend) => {
  const database = useFreshDatabase(backend)
  const wallet = () => createWalletService({ db: database.db, now: () => START_MS })

  async function newUser(nickname: string): Promise<number> {
    const [row] = await database.db
      .insert(users)
      .values({ nickname, createdAt: new Date(START_MS) })
      .returning({ id: users.id })
    return row!.id
  }

  it('answers the caller’s rows newest first with what each paid for or was paid by', async () => {
    const userId = await newUser('买家')
    const other = await newUser('别人')
    const [videoId] = await insertVideos(database.db, [{ price: 300, title: '夏日海边的旅行' }])
    const collectionId = await insertCollection(database.db, 500)
    await wallet().credit(userId, 1000, 'admin: 补偿')
    await wallet().credit(other, 1000, 'admin: 别人的')
    await wallet().payVideo(userId, videoId!)
    await wallet().payCollection(userId, collectionId)
    const order = await paidOrder(database.db, {
      userId,
      at: new Date(START_MS + 60_000),
      diamonds: 6000,
      bonusDiamonds: 300,
    })

    const page = await wallet().ledger(userId, undefined)
    expect(page.nextCursor).toBeNull()
    expect(page.items.map(({ id: _, ...entry }) => entry)).toEqual([
      {
        amount: 300,
        balanceAfter: 6500,
        reason: 'recharge-bonus',
        ref: { type: 'order', id: order.id, title: '60 钻石' },
        createdAt: START_MS / 1000 + 60,
      },
      {
        amount: 6000,
        balanceAfter: 6200,
        reason: 'recharge',
        ref: { type: 'order', id: order.id, title: '60 钻石' },
        createdAt: START_MS / 1000 + 60,
      },
      {
        amount: -500,
        balanceAfter: 200,
        reason: 'collection',
        ref: { type: 'collection', id: collectionId, title: '测试合集' },
        createdAt: START_MS / 1000,
      },
      {
        amount: -300,
        balanceAfter: 700,
        reason: 'video',
        ref: { type: 'video', id: videoId, title: '夏日海边的旅行' },
        createdAt: START_MS / 1000,
      },
      { amount: 1000, balanceAfter: 1000, reason: 'admin: 补偿', ref: null, createdAt: START_MS / 1000 },
    ])
    const ids = page.items.map((entry) => entry.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect((await wallet().ledger(await newUser('新人'), undefined)).items).toEqual([])
  })

  it('pages by 10 without skipping or repeating a row, and refuses a foreign or broken cursor', async () => {
    const userId = await newUser('买家')
    for (let i = 1; i <= 23; i++) await wallet().credit(userId, i, `admin: ${i}`)
    const seen: number[] = []
    let cursor: string | undefined
    const sizes: number[] = []
    do {
      const page: LedgerPage = await wallet().ledger(userId, cursor)
      sizes.push(page.items.length)
      seen.push(...page.items.map((entry) => entry.amount))
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    expect(sizes).toEqual([10, 10, 3])
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => 23 - i))

    for (const bad of ['nope!', encodeCursor('collections', { key: 0, id: 5 })]) {
      await expect(wallet().ledger(userId, bad)).rejects.toMatchObject({ code: ResultCode.ValidationError })
    }
  })

  it('ends on a full page without a cursor to an empty one', async () => {
    const userId = await newUser('买家')
    for (let i = 1; i <= 10; i++) await wallet().credit(userId, i, 'admin: x')
    expect(await wallet().ledger(userId, undefined)).toMatchObject({ nextCursor: null })
  })
})

// Builds the whole app: needs every call answered (the payments module's orders service).
describe.each(BACKENDS)('wallet/ledger call (%s)', (backend) => {
  const t = useTestApp(backend)

  it('answers the signed-in caller’s page and 1000 without a session', async () => {
    const userId = await loginGuest(t.client, 'device-ledger')
    await createWalletService({ db: t.db, now: t.clock.now }).credit(userId, 1500, 'admin: 欢迎')
    const answer = await t.client.call('wallet/ledger', {})
    expect(answer.body).toMatchObject({
      code: 200,
      data: { items: [{ amount: 1500, balanceAfter: 1500, reason: 'admin: 欢迎', ref: null }], nextCursor: null },
    })
    expect((await t.client.call('wallet/ledger', { cursor: 'x' })).body).toMatchObject({ code: 4000 })
    expect((await t.client.call('wallet/ledger', {}, { token: '' })).body.code).toBe(1000)
  })
})
