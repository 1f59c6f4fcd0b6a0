import { sql } from 'drizzle-orm'
import { CardTier } from '../../../core/contracts/payments.ts'
import { RewardKind, TaskKind, TaskPeriod } from '../../../core/contracts/welfare-rules.ts'
import { creditPointsIn } from '../../modules/welfare/points.ts'
import * as repo from '../../modules/welfare/repo.ts'
import { createTasksService } from '../../modules/welfare/tasks.ts'
import { UnreferencedReason } from '../../modules/wallet/repo.ts'
import { createWalletService } from '../../modules/wallet/service.ts'
import type { Db } from '../client.ts'
import { users } from '../schema/accounts.ts'
import { pointLevels, pointsBalances, redeemItems, tasks } from '../schema/welfare.ts'
import { DEMO_ACCOUNT } from './account.ts'

const points = (amount: number) => ({ rewardKind: RewardKind.Points, rewardAmount: amount, rewardTier: null })
const diamonds = (cents: number) => ({ rewardKind: RewardKind.Diamonds, rewardAmount: cents, rewardTier: null })
const vip = (tier: CardTier, days: number) => ({ rewardKind: RewardKind.Vip, rewardAmount: days, rewardTier: tier })

/** One task per TaskKind. Sign-in's reward is nominal: a sign-in pays SIGN_IN_POINTS by its streak day. */
export const WELFARE_TASKS: (typeof tasks.$inferInsert)[] = [
  {
    kind: TaskKind.SignIn,
    title: '每日签到',
    description: '连续签到奖励递增，断签后从第 1 天重新开始',
    period: TaskPeriod.Daily,
    goal: 1,
    ...points(10),
    sort: 0,
  },
  {
    kind: TaskKind.Watch,
    title: '观看视频',
    description: '今日观看 3 部不同的视频',
    period: TaskPeriod.Daily,
    goal: 3,
    ...points(20),
    sort: 10,
  },
  {
    kind: TaskKind.Publish,
    title: '发布帖子',
    description: '今日在社区发布 1 条帖子',
    period: TaskPeriod.Daily,
    goal: 1,
    ...points(20),
    sort: 20,
  },
  {
    kind: TaskKind.Share,
    title: '分享邀请',
    description: '今日有好友通过你的邀请链接或邀请码加入',
    period: TaskPeriod.Daily,
    goal: 1,
    ...points(30),
    sort: 30,
  },
  {
    kind: TaskKind.BindPhone,
    title: '绑定手机',
    description: '绑定手机号，账号更安全',
    period: TaskPeriod.Once,
    goal: 1,
    ...diamonds(300),
    sort: 40,
  },
  {
    kind: TaskKind.FirstTopUp,
    title: '首次充值',
    description: '完成首次钻石充值',
    period: TaskPeriod.Once,
    goal: 1,
    ...vip(CardTier.Normal, 3),
    sort: 50,
  },
]

/** Levels by lifetime points. */
export const POINT_LEVELS: (typeof pointLevels.$inferInsert)[] = [
  { level: 1, name: '青铜', minPoints: 0, perks: ['每日签到领积分', '积分兑换会员与钻石'] },
  { level: 2, name: '白银', minPoints: 500, perks: ['白银等级标识', '每日签到领积分', '积分兑换会员与钻石'] },
  { level: 3, name: '黄金', minPoints: 2000, perks: ['黄金等级标识', '每日签到领积分', '积分兑换会员与钻石'] },
  { level: 4, name: '铂金', minPoints: 5000, perks: ['铂金等级标识', '每日签到领积分', '积分兑换会员与钻石'] },
  { level: 5, name: '钻石', minPoints: 10000, perks: ['钻石等级标识', '每日签到领积分', '积分兑换会员与钻石'] },
]

/** What points buy; the supreme card is stocked, the rest unlimited. */
export const EXCHANGE_ITEMS: (typeof redeemItems.$inferInsert)[] = [
  { title: '普通会员 1 天', ...vip(CardTier.Normal, 1), price: 300, stock: null, sort: 0 },
  { title: '至尊会员 7 天', ...vip(CardTier.Supreme, 7), price: 2000, stock: 20, sort: 10 },
  { title: '10 钻石', ...diamonds(1000), price: 500, stock: null, sort: 20 },
  { title: '60 钻石', ...diamonds(6000), price: 2800, stock: null, sort: 30 },
]

/**
 * The tasks, levels and exchange items, each table only while it is empty (in production too,
 * like the payment catalogue: without tasks the welfare page has nothing to do).
 */
export async function seedWelfareCatalogue(db: Db) {
  if (await repo.isEmpty(db, tasks)) await db.insert(tasks).values(WELFARE_TASKS)
  if (await repo.isEmpty(db, pointLevels)) await db.insert(pointLevels).values(POINT_LEVELS)
  if (await repo.isEmpty(db, redeemItems)) await db.insert(redeemItems).values(EXCHANGE_ITEMS)
}

const DEMO_POINTS = 1200
const DEMO_STREAK_DAYS = 3
const DAY_MS = 24 * 3600_000

/**
 * The demo account's points (an unreferenced `demo: ` credit) and a sign-in streak of the 3
 * days before `now`, signed through the tasks service as on those days, so today's sign-in
 * continues it. Only while the demo account has no points.
 */
export async function seedDemoWelfare(db: Db, now: Date) {
  const [user] = await db
    .select({
      id: users.id,
      hasPoints: sql<boolean>`exists (select 1 from ${pointsBalances} where ${pointsBalances.userId} = ${users.id})`,
    })
    .from(users)
    .where(sql`lower(${users.account}) = ${DEMO_ACCOUNT}`)
    .limit(1)
  if (!user || user.hasPoints) return
  await creditPointsIn(
    db,
    user.id,
    DEMO_POINTS,
    { reason: `${UnreferencedReason.Demo}演示积分`, refType: null, refId: null },
    now,
  )
  const [signIn] = (await repo.listActiveTasks(db)).filter((task) => task.kind === TaskKind.SignIn)
  if (!signIn) return
  for (let daysAgo = DEMO_STREAK_DAYS; daysAgo >= 1; daysAgo--) {
    const clock = () => now.getTime() - daysAgo * DAY_MS
    const wallet = createWalletService({ db, now: clock })
    await createTasksService({ db, now: clock, wallet }).claim(user.id, signIn.id)
  }
}
