import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CardTier, RechargeSubmitResult } from '../../../core/contracts/payments.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { loadOrCreateSecret } from '../../db/server-secrets.ts'
import { diamondPackages, paymentEvents, paymentOrders, vipCards, vipLedger } from '../../db/schema/payments.ts'
import type { TestClient } from '../../testing/client.ts'
import { START_MS } from '../../testing/harness.ts'
import { createInvitationsService } from '../invitations/service.ts'
import { runAudit, WALLET_RULES } from '../wallet/audit.ts'
import { createWalletService } from '../wallet/service.ts'
import { PAYMENTS_RULES } from './audit.ts'
import type { ProviderPayment } from './provider.ts'
import { isSandboxProvider, signNotification, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './sandbox-provider.ts'

/** A diamond package for sale; answers its id. */
/** The hook an orders service built by a test pays inviters' shares through, as the app's does. */
export function inviterShares(t: { db: Db; clock: { now: () => number }; config: Config }) {
  const wallet = createWalletService({ db: t.db, now: t.clock.now })
  return createInvitationsService({ db: t.db, now: t.clock.now, config: t.config, wallet }).onTopUpCredited
}

export async function insertPackage(
  db: Db,
  spec: { diamonds: number; bonusDiamonds?: number; price: number; enabled?: boolean },
): Promise<number> {
  const [row] = await db
    .insert(diamondPackages)
    .values({
      diamonds: spec.diamonds,
      bonusDiamonds: spec.bonusDiamonds ?? 0,
      price: spec.price,
      enabled: spec.enabled ?? true,
      createdAt: new Date(START_MS),
    })
    .returning({ id: diamondPackages.id })
  return row!.id
}

/** A VIP card for sale; answers its id. */
export async function insertCard(
  db: Db,
  spec: { tier: CardTier; days: number; price: number; enabled?: boolean },
): Promise<number> {
  const [row] = await db
    .insert(vipCards)
    .values({
      tier: spec.tier,
      days: spec.days,
      price: spec.price,
      perks: ['测试权益'],
      enabled: spec.enabled ?? true,
      createdAt: new Date(START_MS),
    })
    .returning({ id: vipCards.id })
  return row!.id
}

/** recharge/submit through the signed protocol; fails the test unless it answers 200. */
export async function submitOrder(
  client: TestClient,
  body: { kind: 'diamonds' | 'vip'; itemId: number; payType?: string },
): Promise<RechargeSubmitResult & { checkoutId: string }> {
  const answer = await client.call('recharge/submit', { payType: 'alipay', ...body })
  if (answer.body.code !== 200) throw new Error(`recharge/submit answered ${JSON.stringify(answer.body)}`)
  const data = answer.body.data as RechargeSubmitResult
  return { ...data, checkoutId: data.payUrl.split('/').pop()! }
}

/** Starts the app's HTTP server on a free loopback port; answers its origin. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  return `http://127.0.0.1:${port}`
}

/** The running app's provider as the sandbox (the default PAYMENT_PROVIDER). */
export function sandboxOf(app: FastifyInstance) {
  const provider = app.payments.provider
  if (!isSandboxProvider(provider)) throw new Error('the app does not run the sandbox provider')
  return provider
}

/**
 * The sandbox provider's secret, as a real provider and its merchant share theirs: made here
 * when the sandbox has not made it yet, as its own loader would.
 */
export function sandboxSecret(db: Db): Promise<Uint8Array> {
  return loadOrCreateSecret(db, 'sandbox_payment', new Uint8Array(randomBytes(32)), new Date(START_MS))
}

/**
 * Sends a notification as the sandbox (or a forger) would, over HTTP: `body` (a string goes as
 * its UTF-8 bytes) is signed with `secret` at `timestamp` (unix seconds) unless a `signature`
 * is given.
 */
export async function notify(
  origin: string,
  options: { body: string | Uint8Array; secret: Uint8Array; timestamp: number; signature?: string; provider?: string },
): Promise<{ status: number; text: string }> {
  const timestamp = String(options.timestamp)
  const body = typeof options.body === 'string' ? Buffer.from(options.body, 'utf8') : options.body
  const response = await fetch(`${origin}/api/pay/notify/${options.provider ?? 'sandbox'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: options.signature ?? signNotification(options.secret, timestamp, body),
    },
    body,
  })
  return { status: response.status, text: await response.text() }
}

/** The notification body the sandbox sends for a payment. */
export const notificationBody = (payment: ProviderPayment) => JSON.stringify(payment)

export async function orderRow(db: Db, orderNo: string) {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo))
  return row!
}

export async function eventsOf(db: Db, orderId: number) {
  const rows = await db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.id))
  return rows.map((row) => ({ kind: row.kind, detail: row.detail }))
}

export async function vipLedgerOf(db: Db, userId: number) {
  return db.select().from(vipLedger).where(eq(vipLedger.userId, userId)).orderBy(asc(vipLedger.id))
}

/** What `wallet:audit` finds wrong: the payments tests check after each that nothing is. */
export const auditFindings = (db: Db) => runAudit(db, [...WALLET_RULES, ...PAYMENTS_RULES])
