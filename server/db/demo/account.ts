import { and, asc, gt, isNull, sql } from 'drizzle-orm'
import { hashPassword } from '../../modules/accounts/password-hash.ts'
import { UnreferencedReason } from '../../modules/wallet/repo.ts'
import { createWalletService } from '../../modules/wallet/service.ts'
import type { Db } from '../client.ts'
import { users } from '../schema/accounts.ts'
import { videos } from '../schema/catalogue.ts'

/** The demo account of README's quick start. */
export const DEMO_ACCOUNT = 'demo'
export const DEMO_PASSWORD = 'marquee-demo'
/** 50 diamonds left after the purchase below. */
const DEMO_BALANCE = 5000

/**
 * The demo account, unless an account of that name exists: a balance and one bought priced
 * video, both through the wallet service, so its ledger adds up like anyone's. `db` is the
 * seed's transaction (the wallet's own transactions become savepoints in it).
 */
export async function seedDemoAccount(db: Db, now: Date) {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.account}) = ${DEMO_ACCOUNT}`)
    .limit(1)
  if (existing.length > 0) return
  const [user] = await db
    .insert(users)
    .values({
      isGuest: false,
      account: DEMO_ACCOUNT,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      nickname: '演示账号',
      createdAt: now,
    })
    .returning({ id: users.id })
  const [video] = await db
    .select({ id: videos.id, price: videos.price })
    .from(videos)
    .where(and(gt(videos.price, 0), isNull(videos.collectionId)))
    .orderBy(asc(videos.id))
    .limit(1)
  const wallet = createWalletService({ db, now: () => now.getTime() })
  await wallet.credit(user!.id, DEMO_BALANCE + (video?.price ?? 0), `${UnreferencedReason.Demo}演示余额`)
  if (video) await wallet.payVideo(user!.id, video.id)
}
