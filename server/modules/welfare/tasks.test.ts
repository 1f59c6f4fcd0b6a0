import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { RewardResult, TaskList } from '../../../core/contracts/welfare.ts'
import { TaskKind, TaskState } from '../../../core/contracts/welfare-rules.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import { users } from '../../db/schema/accounts.ts'
import { invites } from '../../db/schema/invitations.ts'
import { taskClaims } from '../../db/schema/welfare.ts'
import { BACKENDS, START_MS, useTestApp } from '../../testing/harness.ts'
import { insertPost, insertUser } from '../community/testing.ts'
import { paidOrder } from '../payments/order-fixtures.ts'
import { balanceOf, insertVideos, ledgerOf, loginGuest } from '../wallet/testing.ts'
import { pointsLedgerOf, pointsRow, seedWelfareCatalogue, taskIdOf, welfareAudit } from './testing.ts'

const HOUR_MS = 3600_000
/** START_MS is 08:00 on 1 January in Asia/Shanghai; this is 23:59 that day (15:59 UTC). */
const SHANGHAI_2359 = START_MS + 15 * HOUR_MS + 59 * 60_000

describe.each(BACKENDS)('welfare tasks (%s)', (backend) => {
  const t = useTestApp(backend, { config: { rateLimitPerSession: 0, rateLimitPerIp: 0 }, poolSize: 8 })

  async function signedIn(device: string) {
    await seedWelfareCatalogue(t.db)
    return loginGuest(t.client, device)
  }
  const list = async () => {
    const answer = await t.client.call('usertask/list')
    expect(answer.body.code).toBe(ResultCode.Ok)
    return answer.body.data as TaskList
  }
  const taskOf = (tasks: TaskList, kind: TaskKind) => tasks.tasks.find((task) => task.kind === kind)!

  it('a sign-in claimed 100 times at once pays once; a second claim that day is 7063', async () => {
    const userId = await signedIn('device-sign-in-race')
    const signIn = await taskIdOf(t.db, TaskKind.SignIn)
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.client.call('usertask/get', { taskId: signIn })),
    )
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === ResultCode.Ok)).toHaveLength(1)
    expect(codes.filter((c) => c === BusinessCode.TaskClaimed)).toHaveLength(99)
    expect(await pointsRow(t.db, userId)).toMatchObject({ balance: 10, lifetime: 10 })
    expect(await pointsLedgerOf(t.db, userId)).toHaveLength(1)
    expect(await t.db.select().from(taskClaims)).toHaveLength(1)
    const again = await t.client.call('usertask/get', { taskId: signIn })
    expect(again.body).toMatchObject({ code: BusinessCode.TaskClaimed, tip: '奖励已领取' })
    expect(await welfareAudit(t.db)).toEqual([])
  })

  it('a streak survives midnight in Asia/Shanghai and restarts after a missed day', async () => {
    const userId = await signedIn('device-streak')
    const signIn = await taskIdOf(t.db, TaskKind.SignIn)
    const claim = async () => {
      const answer = await t.client.call('usertask/get', { taskId: signIn })
      expect(answer.body.code).toBe(ResultCode.Ok)
      return (answer.body.data as RewardResult).reward
    }
    let card = (await list()).signIn
    expect(card).toMatchObject({ streak: 0, signedToday: false })
    expect(taskOf(await list(), TaskKind.SignIn)).toMatchObject({ state: TaskState.Claimable, reward: { amount: 10 } })

    t.clock.advance(SHANGHAI_2359 - START_MS)
    expect(await claim()).toEqual({ kind: 'points', amount: 10 })
    card = (await list()).signIn
    expect(card.streak).toBe(1)
    expect(card.days.map((d) => d.signed)).toEqual([true, false, false, false, false, false, false])

    // Two minutes later it is 2 January in Shanghai (still 1 January in UTC): a new day, the streak goes on.
    t.clock.advance(2 * 60_000)
    card = (await list()).signIn
    expect(card).toMatchObject({ streak: 1, signedToday: false })
    expect(taskOf(await list(), TaskKind.SignIn)).toMatchObject({ state: TaskState.Claimable, reward: { amount: 10 } })
    expect(await claim()).toEqual({ kind: 'points', amount: 10 })
    t.clock.advance(24 * HOUR_MS)
    expect(await claim()).toEqual({ kind: 'points', amount: 15 })
    card = (await list()).signIn
    expect(card).toMatchObject({ streak: 3, signedToday: true })
    expect(taskOf(await list(), TaskKind.SignIn).state).toBe(TaskState.Claimed)

    // 4 January is missed: on the 5th the card shows no streak, and signing starts again at day 1.
    t.clock.advance(2 * 24 * HOUR_MS)
    expect((await list()).signIn).toMatchObject({ streak: 0, signedToday: false })
    expect(await claim()).toEqual({ kind: 'points', amount: 10 })
    expect((await list()).signIn.streak).toBe(1)
    expect(await pointsRow(t.db, userId)).toMatchObject({ balance: 45, lifetime: 45 })
    const streaks = await t.db.select({ streak: taskClaims.streak }).from(taskClaims).orderBy(taskClaims.id)
    expect(streaks.map((s) => s.streak)).toEqual([1, 2, 3, 1])
  })

  it('a week of sign-ins pays SIGN_IN_POINTS and the eighth day starts the next week', async () => {
    const userId = await signedIn('device-week')
    const signIn = await taskIdOf(t.db, TaskKind.SignIn)
    const paid: number[] = []
    for (let day = 0; day < 8; day++) {
      const { reward } = (await t.client.call('usertask/get', { taskId: signIn })).body.data as RewardResult
      paid.push(reward.kind === 'points' ? reward.amount : 0)
      if (day === 6) expect((await list()).signIn.days.every((d) => d.signed)).toBe(true)
      t.clock.advance(24 * HOUR_MS)
    }
    expect(paid).toEqual([10, 10, 15, 15, 20, 20, 50, 10])
    // Not signed yet on day 9: the card shows the new week with its first day signed.
    expect((await list()).signIn).toMatchObject({ streak: 8, signedToday: false })
    expect((await list()).signIn.days.map((d) => d.signed)).toEqual([true, false, false, false, false, false, false])
    expect((await pointsRow(t.db, userId)).balance).toBe(150)
  })

  it('tasks progress from real plays, invites, posts, the phone and a paid top-up, and pay once each', async () => {
    const userId = await signedIn('device-progress')
    const claim = async (kind: TaskKind) =>
      (await t.client.call('usertask/get', { taskId: await taskIdOf(t.db, kind) })).body.code

    let tasks = await list()
    for (const kind of [TaskKind.Watch, TaskKind.Share, TaskKind.BindPhone, TaskKind.FirstTopUp, TaskKind.Publish]) {
      expect(taskOf(tasks, kind)).toMatchObject({ progress: 0, state: TaskState.Todo })
      expect(await claim(kind)).toBe(BusinessCode.TaskNotFinished)
    }
    expect(taskOf(tasks, TaskKind.Share).link).toBe('/mine/share')

    // Plays counted by watching: three videos today (one reported twice counts once).
    const videos = await insertVideos(t.db, [{}, {}, {}])
    for (const id of [videos[0]!, videos[0]!, videos[1]!]) {
      expect((await t.client.call('media/trackList', { id, position: 0, started: true })).body.code).toBe(ResultCode.Ok)
    }
    expect(taskOf(await list(), TaskKind.Watch)).toMatchObject({ progress: 2, goal: 3, state: TaskState.Todo })
    await t.client.call('media/trackList', { id: videos[2]!, position: 0, started: true })
    expect(taskOf(await list(), TaskKind.Watch)).toMatchObject({ progress: 3, state: TaskState.Claimable })
    expect(await claim(TaskKind.Watch)).toBe(ResultCode.Ok)

    // An invitee bound today, a post published today, a bound phone, a paid diamond order.
    const invitee = await insertUser(t.db)
    await t.db.insert(invites).values({
      inviteeId: invitee,
      inviterId: userId,
      source: 'code',
      ip: '127.0.0.1',
      createdAt: new Date(t.clock.now()),
      sharePercent: 10,
    })
    await insertPost(t.db, { authorId: userId, at: new Date(t.clock.now()) })
    await t.db.update(users).set({ mobile: '13800000000', isGuest: false }).where(eq(users.id, userId))
    await paidOrder(t.db, { userId, at: new Date(t.clock.now()), diamonds: 6000 })
    tasks = await list()
    for (const kind of [TaskKind.Share, TaskKind.BindPhone, TaskKind.FirstTopUp, TaskKind.Publish]) {
      expect(taskOf(tasks, kind)).toMatchObject({ progress: 1, state: TaskState.Claimable })
      expect(await claim(kind)).toBe(ResultCode.Ok)
      expect(await claim(kind)).toBe(BusinessCode.TaskClaimed)
    }
    tasks = await list()
    expect(
      tasks.tasks.filter((task) => task.kind !== TaskKind.SignIn).every((task) => task.state === TaskState.Claimed),
    ).toBe(true)
    // watch 20 + publish 20 + share 30 points; bind-phone 3 diamonds; first top-up 3 days of normal VIP.
    expect(tasks.points).toMatchObject({ balance: 70, lifetime: 70 })
    expect(await balanceOf(t.db, userId)).toBe(6000 + 300)
    expect((await ledgerOf(t.db, userId)).rows.at(-1)).toMatchObject({
      amount: 300,
      reason: 'task',
      refType: 'task-claim',
    })
    const [vip] = await t.db.select({ expire: users.normalVipExpire }).from(users).where(eq(users.id, userId))
    expect(vip!.expire!.getTime()).toBe(t.clock.now() + 3 * 24 * HOUR_MS)

    // The next day: daily tasks start again from nothing, once tasks stay claimed.
    t.clock.advance(24 * HOUR_MS)
    tasks = await list()
    expect(taskOf(tasks, TaskKind.Watch)).toMatchObject({ progress: 0, state: TaskState.Todo })
    expect(taskOf(tasks, TaskKind.Publish)).toMatchObject({ progress: 0, state: TaskState.Todo })
    expect(taskOf(tasks, TaskKind.BindPhone).state).toBe(TaskState.Claimed)
    expect(await claim(TaskKind.FirstTopUp)).toBe(BusinessCode.TaskClaimed)
    expect(await welfareAudit(t.db)).toEqual([])

    expect((await t.client.call('usertask/get', { taskId: 999_999 })).body).toMatchObject({
      code: ResultCode.ValidationError,
      msg: 'taskId: no such task',
    })
  })
})
