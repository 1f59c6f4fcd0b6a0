import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { PayResult } from '../../../core/contracts/play.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { collectionPurchases, purchases, walletLedger } from '../../db/schema/wallet.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'
import { createWalletService, UnknownUserError } from './service.ts'
import { balanceOf, insertCollection, insertVideos, ledgerOf, loginGuest } from './testing.ts'

describe.each(BACKENDS)('wallet (%s)', (backend) => {
  // Enough connections that the racing requests below really run side by side on PostgreSQL.
  const t = useTestApp(backend, { poolSize: 20 })
  const wallet = () => createWalletService({ db: t.db, now: t.clock.now })

  it('credits: the balance and a ledger row with the balance after it, in one step', async () => {
    const userId = await loginGuest(t.client, 'device-wallet-credit')
    expect(await wallet().credit(userId, 1500, '客服补偿')).toBe(1500)
    expect(await wallet().credit(userId, 250, 'test')).toBe(1750)
    const ledger = await ledgerOf(t.db, userId)
    expect(ledger.rows.map((r) => [r.amount, r.balanceAfter, r.reason, r.refType])).toEqual([
      [1500, 1500, '客服补偿', null],
      [250, 1750, 'test', null],
    ])
    expect(ledger.total).toBe(await balanceOf(t.db, userId))
  })

  it.each([0, -5, 1.5, Number.NaN, 1e13])('refuses to credit %s and writes nothing', async (amount) => {
    const userId = await loginGuest(t.client, 'device-wallet-bad')
    await expect(wallet().credit(userId, amount, 'x')).rejects.toThrow(RangeError)
    expect(await balanceOf(t.db, userId)).toBe(0)
    expect((await ledgerOf(t.db, userId)).rows).toEqual([])
  })

  it('refuses to credit an unknown user', async () => {
    await expect(wallet().credit(999_999, 100, 'x')).rejects.toThrow(UnknownUserError)
    expect(await t.db.select().from(walletLedger)).toEqual([])
  })

  it('buys a video once: the charge, the purchase and the ledger row; a repeat is alreadyOwned and free', async () => {
    const [videoId] = await insertVideos(t.db, [{ price: 300 }])
    const userId = await loginGuest(t.client, 'device-wallet-pay')
    await wallet().credit(userId, 1000, 'test')
    const first = await t.client.call('media/pay', { id: videoId })
    expect(first.body).toMatchObject({ code: 200, data: { alreadyOwned: false, balance: 700 } })
    const again = await t.client.call('media/pay', { id: videoId })
    expect(again.body).toMatchObject({ code: 200, data: { alreadyOwned: true, balance: 700 } })
    expect(await balanceOf(t.db, userId)).toBe(700)
    const ledger = await ledgerOf(t.db, userId)
    expect(ledger.rows.map((r) => [r.amount, r.balanceAfter, r.refType, r.refId])).toEqual([
      [1000, 1000, null, null],
      [-300, 700, 'video', videoId],
    ])
    expect(await t.db.select().from(purchases)).toMatchObject([{ userId, videoId, price: 300 }])
  })

  it('answers 7001 余额不足 without enough diamonds and writes nothing', async () => {
    const [videoId] = await insertVideos(t.db, [{ price: 300 }])
    const userId = await loginGuest(t.client, 'device-wallet-poor')
    await wallet().credit(userId, 299, 'test')
    const answer = await t.client.call('media/pay', { id: videoId })
    expect(answer.body).toMatchObject({ code: BusinessCode.InsufficientBalance, msg: '余额不足', data: null })
    expect(await balanceOf(t.db, userId)).toBe(299)
    expect((await ledgerOf(t.db, userId)).rows).toHaveLength(1)
    expect(await t.db.select().from(purchases)).toEqual([])
  })

  it('refuses free and unknown items and bad ids, writing nothing', async () => {
    const [free, vipOnly] = await insertVideos(t.db, [{ price: 0 }, { price: 0, vip: 2 }])
    const freeCollection = await insertCollection(t.db, 0)
    const userId = await loginGuest(t.client, 'device-wallet-free')
    await wallet().credit(userId, 1000, 'test')
    for (const id of [free, vipOnly]) {
      expect((await t.client.call('media/pay', { id })).body.code).toBe(BusinessCode.NotForSale)
    }
    expect((await t.client.call('media/collect/pay', { id: freeCollection })).body.code).toBe(BusinessCode.NotForSale)
    expect((await t.client.call('media/pay', { id: 987_654 })).body.code).toBe(BusinessCode.NotFound)
    expect((await t.client.call('media/collect/pay', { id: 987_654 })).body.code).toBe(BusinessCode.NotFound)
    expect((await t.client.call('media/pay', { id: 'x' })).body).toMatchObject({
      code: 4000,
      msg: expect.stringMatching(/^id: /),
    })
    expect((await t.client.call('media/pay', { id: free }, { token: '' })).body.code).toBe(1000)
    expect(await balanceOf(t.db, userId)).toBe(1000)
    expect(await t.db.select().from(purchases)).toEqual([])
  })

  it('buys a collection once; its videos then count as owned and are not charged again', async () => {
    const collectionId = await insertCollection(t.db, 800)
    const [inside] = await insertVideos(t.db, [{ price: 300, collectionId }])
    const userId = await loginGuest(t.client, 'device-wallet-coll')
    await wallet().credit(userId, 1000, 'test')
    const bought = await t.client.call('media/collect/pay', { id: collectionId })
    expect(bought.body).toMatchObject({ code: 200, data: { alreadyOwned: false, balance: 200 } })
    const again = await t.client.call('media/collect/pay', { id: collectionId })
    expect(again.body).toMatchObject({ code: 200, data: { alreadyOwned: true, balance: 200 } })
    const video = await t.client.call('media/pay', { id: inside })
    expect(video.body).toMatchObject({ code: 200, data: { alreadyOwned: true, balance: 200 } })
    expect(await t.db.select().from(collectionPurchases)).toMatchObject([{ userId, collectionId, price: 800 }])
    expect(await t.db.select().from(purchases)).toEqual([])
    const ledger = await ledgerOf(t.db, userId)
    expect(ledger.rows.at(-1)).toMatchObject({ amount: -800, balanceAfter: 200, refType: 'collection' })
    expect(ledger.total).toBe(200)
  })

  it('200 concurrent unlocks of different videos with diamonds for one: exactly one succeeds', async () => {
    const ids = await insertVideos(
      t.db,
      Array.from({ length: 200 }, () => ({ price: 500 })),
    )
    const userId = await loginGuest(t.client, 'device-wallet-race')
    await wallet().credit(userId, 500, 'test')
    const answers = await Promise.all(ids.map((id) => t.client.call('media/pay', { id })))
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === BusinessCode.InsufficientBalance)).toHaveLength(199)
    expect(await balanceOf(t.db, userId)).toBe(0)
    expect(await t.db.select().from(purchases)).toHaveLength(1)
    const ledger = await ledgerOf(t.db, userId)
    expect(ledger.rows).toHaveLength(2)
    expect(ledger.total).toBe(0)
  })

  it('200 concurrent unlocks of one video: one charge, the rest alreadyOwned', async () => {
    const [videoId] = await insertVideos(t.db, [{ price: 500 }])
    const userId = await loginGuest(t.client, 'device-wallet-twin')
    await wallet().credit(userId, 10_000, 'test')
    const answers = await Promise.all(Array.from({ length: 200 }, () => t.client.call('media/pay', { id: videoId })))
    const data = answers.map((a) => {
      expect(a.body.code).toBe(200)
      return a.body.data as PayResult
    })
    expect(data.filter((d) => !d.alreadyOwned)).toHaveLength(1)
    expect(await balanceOf(t.db, userId)).toBe(9_500)
    const ledger = await ledgerOf(t.db, userId)
    expect(ledger.rows.filter((r) => r.amount < 0)).toHaveLength(1)
    expect(ledger.total).toBe(9_500)
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, userId))).toHaveLength(1)
  })
})
