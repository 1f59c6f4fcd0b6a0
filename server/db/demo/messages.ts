import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { MessageType } from '../../../core/contracts/messages.ts'
import { LedgerReason, OrderKind, OrderState } from '../../../core/contracts/payments.ts'
import { parseConfig } from '../../config.ts'
import { createInvitationsService } from '../../modules/invitations/service.ts'
import { orderPaidMessage } from '../../modules/messages/events.ts'
import { writeMessage } from '../../modules/messages/write.ts'
import { packageTitle } from '../../modules/payments/catalogue.ts'
import { RefType } from '../../modules/wallet/repo.ts'
import { createWalletService } from '../../modules/wallet/service.ts'
import { dayStart } from '../../modules/welfare/days.ts'
import type { Db } from '../client.ts'
import { users } from '../schema/accounts.ts'
import { messages } from '../schema/messages.ts'
import { paymentOrders } from '../schema/payments.ts'
import { DEMO_ACCOUNT } from './account.ts'

const MINUTE_MS = 60_000
/** The invitee's top-up: 6000 diamonds, of which the inviter earns a share. */
const DEMO_TOP_UP = 6000
/** The invitations settings' defaults: the demo does not depend on how a server is configured. */
const DEMO_INVITE_CONFIG = (({ inviteShare, inviteRegisterPoints, inviteDailyCap, inviteIpDailyCap }) => ({
  inviteShare,
  inviteRegisterPoints,
  inviteDailyCap,
  inviteIpDailyCap,
}))(parseConfig({}))

/**
 * The message centre's demo, once (while no message exists): a welcome notice to everyone, and
 * for the demo account two invitees (a creator, an account already, and a reader who topped up
 * 6000 diamonds) with the share and its reward message, and a notice of its own. Needs the demo
 * account and the demo community's users; runs in the seed's transaction.
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
  const invitedAt = new Date(dayStart(now.getTime()).getTime() - 12 * 60 * MINUTE_MS)

  // Through the invitations service, as the events pay them, so wallet:audit holds. The creator
  // was an account before binding: recorded as registered, with nothing paid (README.md).
  const clock = { ms: invitedAt.getTime() }
  const wallet = createWalletService({ db, now: () => clock.ms })
  const invitations = createInvitationsService({ db, now: () => clock.ms, config: DEMO_INVITE_CONFIG, wallet })
  const inviteCode = await invitations.codeOf(demo.id)
  for (const invitee of [creator, reader]) {
    await invitations.accountHooks.bindNewGuest(db, { userId: invitee.id, inviteCode, ip: '' }, invitedAt)
  }

  clock.ms = at(60).getTime()
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
  const orderRef = { refType: RefType.Order, refId: order!.id }
  await wallet.creditIn(db, reader.id, DEMO_TOP_UP, { ...orderRef, reason: LedgerReason.Recharge })
  await writeMessage(db, orderPaidMessage(order!), at(60))
  await invitations.onTopUpCredited(db, order!)

  // A notice to the demo account alone; every demo message is unread, so the badges show.
  const notice = {
    userId: demo.id,
    type: MessageType.System,
    title: '账号安全提醒',
    body: '演示账号的密码是公开的，请勿在这里存放任何个人信息。',
  }
  await writeMessage(db, notice, at(300))
}
