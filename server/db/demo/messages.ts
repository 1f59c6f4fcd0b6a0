import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { MessageType } from '../../../core/contracts/messages.ts'
import { LedgerReason, OrderKind, OrderState } from '../../../core/contracts/payments.ts'
import { InviteReason, InviteSource } from '../../modules/invitations/repo.ts'
import { shanghaiDayStart } from '../../modules/invitations/service.ts'
import { inviteRegisteredMessage, inviteShareMessage, orderPaidMessage } from '../../modules/messages/events.ts'
import { writeMessage } from '../../modules/messages/write.ts'
import { packageTitle } from '../../modules/payments/catalogue.ts'
import { RefType } from '../../modules/wallet/repo.ts'
import { createWalletService } from '../../modules/wallet/service.ts'
import { creditPointsIn, PointsRefType } from '../../modules/welfare/points.ts'
import type { Db } from '../client.ts'
import { users } from '../schema/accounts.ts'
import { invites } from '../schema/invitations.ts'
import { messages } from '../schema/messages.ts'
import { paymentOrders } from '../schema/payments.ts'
import { DEMO_ACCOUNT } from './account.ts'

const MINUTE_MS = 60_000
/** The invitee's top-up: 60 diamonds, the inviter's share at the default INVITE_SHARE (10 %). */
const DEMO_TOP_UP = 6000
const DEMO_SHARE_PERCENT = 10
const DEMO_REGISTER_POINTS = 100

/**
 * The message centre's demo, once (while no message exists): a welcome notice to everyone, and
 * for the demo account two invitees (a creator who registered, a reader who topped up 60
 * diamonds) with their rewards and reward messages, and a notice of its own. Rows are
 * written the way the events write them, so wallet:audit holds. Needs the demo account and the
 * demo community's users.
 */
export async function seedDemoMessages(db: Db, now: Date) {
  if ((await db.select({ id: messages.id }).from(messages).limit(1)).length > 0) return
  const welcome = {
    userId: null,
    type: MessageType.System,
    title: '欢迎来到 Marquee',
    body: '这里会收到系统通知、评论回复、点赞、审核结果、订单与奖励消息。',
  }
  await writeMessage(db, welcome, now)

  const [demo] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.account}) = ${DEMO_ACCOUNT}`)
  const [creator] = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(and(eq(users.isGuest, false), isNull(users.account)))
    .orderBy(asc(users.id))
    .limit(1)
  const [reader] = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(and(eq(users.isGuest, true), sql`${users.nickname} <> ''`))
    .orderBy(asc(users.id))
    .limit(1)
  if (!demo || !creator || !reader) return
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE_MS)
  // Yesterday in Asia/Shanghai, so today's caps are untouched.
  const invitedAt = new Date(shanghaiDayStart(now.getTime()) - 12 * 60 * MINUTE_MS)

  await db.insert(invites).values([
    { inviteeId: creator.id, inviterId: demo.id, source: InviteSource.Code, ip: '', createdAt: invitedAt },
    { inviteeId: reader.id, inviterId: demo.id, source: InviteSource.Link, ip: '', createdAt: invitedAt },
  ])
  await db
    .update(invites)
    .set({ registeredAt: at(90) })
    .where(eq(invites.inviteeId, creator.id))
  const pointsRef = { reason: InviteReason.Register, refType: PointsRefType.Invite, refId: creator.id }
  await creditPointsIn(db, demo.id, DEMO_REGISTER_POINTS, pointsRef, at(90))
  const registered = inviteRegisteredMessage({ inviterId: demo.id, invitee: creator, points: DEMO_REGISTER_POINTS })
  await writeMessage(db, registered, at(90))

  const [order] = await db
    .insert(paymentOrders)
    .values({
      orderNo: `MQ${at(60).toISOString().replace(/\D/g, '').slice(0, 14)}000001`,
      userId: reader.id,
      kind: OrderKind.Diamonds,
      itemId: 0,
      title: packageTitle(DEMO_TOP_UP),
      amount: DEMO_TOP_UP / 10,
      currency: 'CNY',
      diamonds: DEMO_TOP_UP,
      bonusDiamonds: 0,
      payType: 'alipay',
      provider: 'sandbox',
      providerRef: 'SB-DEMO',
      state: OrderState.Paid,
      createdAt: at(61),
      expiresAt: at(31),
      paidAt: at(60),
    })
    .returning()
  const wallet = createWalletService({ db, now: () => at(60).getTime() })
  const orderRef = { refType: RefType.Order, refId: order!.id }
  await wallet.creditIn(db, reader.id, DEMO_TOP_UP, { ...orderRef, reason: LedgerReason.Recharge })
  await writeMessage(db, orderPaidMessage(order!), at(60))
  const share = Math.floor((DEMO_TOP_UP * DEMO_SHARE_PERCENT) / 100)
  await wallet.creditIn(db, demo.id, share, { ...orderRef, reason: InviteReason.Share })
  const shared = inviteShareMessage({ inviterId: demo.id, invitee: reader, orderId: order!.id, diamonds: share })
  await writeMessage(db, shared, at(60))

  // A notice to the demo account alone; every demo message is unread, so the badges show.
  const notice = {
    userId: demo.id,
    type: MessageType.System,
    title: '账号安全提醒',
    body: '演示账号的密码是公开的，请勿在这里存放任何个人信息。',
  }
  await writeMessage(db, notice, at(300))
}
