import type { RewardResult, SignIn, Task, TaskList } from '../../../core/contracts/welfare.ts'
import {
  RewardKind,
  SIGN_IN_POINTS,
  TaskKind,
  TaskPeriod,
  TaskState,
  TASK_KINDS,
} from '../../../core/contracts/welfare-rules.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import type { Db } from '../../db/client.ts'
import { AppError, businessError } from '../../errors.ts'
import { dayKey, dayStart, ONCE_PERIOD, periodOf, previousDayKey } from './days.ts'
import type { WelfareDeps } from './deps.ts'
import { pointsSummary } from './levels.ts'
import * as repo from './repo.ts'
import { columnsOf, payRewardIn, rewardOf, RewardSource } from './rewards.ts'

/** Where 去完成 leads for each task (app paths; '' for sign-in, whose card is on the page). */
const TASK_LINKS: Record<TaskKind, string> = {
  [TaskKind.SignIn]: '',
  [TaskKind.Watch]: '/',
  [TaskKind.Share]: '/mine/share',
  [TaskKind.BindPhone]: '/mine/setting/bindPhone',
  [TaskKind.FirstTopUp]: '/mine/diamondRecharge',
  [TaskKind.Publish]: '/community/publish',
}

const isTaskKind = (kind: string): kind is TaskKind => (TASK_KINDS as readonly string[]).includes(kind)

/** The points of the streak's nth day: day 1 pays the first, day 8 starts the week again. */
export function signInPoints(streak: number): number {
  return SIGN_IN_POINTS[(streak - 1) % SIGN_IN_POINTS.length]!
}

type Progress = Awaited<ReturnType<typeof repo.progressOf>>

function progressFor(kind: TaskKind, progress: Progress): number {
  switch (kind) {
    case TaskKind.SignIn:
      // Signing in is claiming: the task is always finished.
      return 1
    case TaskKind.Watch:
      return progress.watched
    case TaskKind.Share:
      return progress.invited
    case TaskKind.BindPhone:
      return progress.hasMobile ? 1 : 0
    case TaskKind.FirstTopUp:
      return progress.toppedUp ? 1 : 0
    case TaskKind.Publish:
      return progress.published
  }
}

/**
 * The sign-in card: the streak up to today (or yesterday while today is unsigned) and the week
 * of the streak that today's sign-in is (or was) part of. A streak of 7 signed up to yesterday
 * shows an empty new week: today's sign-in is its day 1.
 */
export function signInCard(streak: number, signedToday: boolean): SignIn {
  const current = signedToday ? streak : streak + 1
  const weekStart = Math.floor((current - 1) / SIGN_IN_POINTS.length) * SIGN_IN_POINTS.length
  const signedInWeek = Math.max(0, streak - weekStart)
  return {
    streak,
    signedToday,
    days: SIGN_IN_POINTS.map((points, i) => ({ day: i + 1, points, signed: i < signedInWeek })),
  }
}

/**
 * usertask/list and usertask/get: progress counted from the real rows (plays, invites, posts,
 * the bound phone, paid top-ups) of the Asia/Shanghai day, claims once per user, task and period.
 */
export function createTasksService(deps: WelfareDeps) {
  const { db } = deps

  /** The sign-in streak as of `ms`: today's claim's, else yesterday's, else 0. */
  async function streakAt(tx: Db, userId: number, signInTaskId: number, ms: number) {
    const today = await repo.signInStreakOf(tx, userId, signInTaskId, dayKey(ms))
    if (today > 0) return { streak: today, signedToday: true }
    return { streak: await repo.signInStreakOf(tx, userId, signInTaskId, previousDayKey(ms)), signedToday: false }
  }

  async function list(userId: number): Promise<TaskList> {
    const ms = deps.now()
    const [rows, progress, claims] = await Promise.all([
      repo.listActiveTasks(db),
      repo.progressOf(db, userId, dayStart(ms)),
      repo.claimsIn(db, userId, [dayKey(ms), previousDayKey(ms), ONCE_PERIOD]),
    ])
    const claimed = (taskId: number, period: string) => claims.find((c) => c.taskId === taskId && c.period === period)
    let signIn = signInCard(0, false)
    const tasks: Task[] = []
    for (const row of rows) {
      if (!isTaskKind(row.kind)) continue
      const claim = claimed(row.id, periodOf(row.period, ms))
      let reward = rewardOf(row)
      if (row.kind === TaskKind.SignIn) {
        const streak = claim?.streak ?? claimed(row.id, previousDayKey(ms))?.streak ?? 0
        signIn = signInCard(streak, claim !== undefined)
        // What today's sign-in pays (or paid): the day of the streak it makes.
        reward = { kind: RewardKind.Points, amount: signInPoints(claim ? streak : streak + 1) }
      }
      const count = progressFor(row.kind, progress)
      tasks.push({
        id: row.id,
        kind: row.kind,
        title: row.title,
        description: row.description,
        period: row.period === TaskPeriod.Daily ? TaskPeriod.Daily : TaskPeriod.Once,
        progress: Math.min(count, row.goal),
        goal: row.goal,
        reward,
        state: claim ? TaskState.Claimed : count >= row.goal ? TaskState.Claimable : TaskState.Todo,
        link: TASK_LINKS[row.kind],
      })
    }
    return { signIn, tasks, points: await pointsSummary(db, userId) }
  }

  /**
   * Claims a finished task's reward: the claim row first (unique per user, task and period,
   * so a retry or a racing twin inserts nothing and is answered 7063), then the reward, in one
   * transaction. Sign-in: the streak is yesterday's claim's plus one, else 1.
   */
  async function claim(userId: number, taskId: number): Promise<RewardResult> {
    const task = await repo.findActiveTask(db, taskId)
    if (!task || !isTaskKind(task.kind)) throw new AppError(ResultCode.ValidationError, 'taskId: no such task')
    const kind = task.kind
    const ms = deps.now()
    const at = new Date(ms)
    const reward = await db.transaction(async (tx) => {
      await repo.lockUser(tx, userId)
      let streak = 0
      let reward = rewardOf(task)
      if (kind === TaskKind.SignIn) {
        const before = await streakAt(tx, userId, task.id, ms)
        if (before.signedToday) throw businessError(BusinessCode.TaskClaimed)
        streak = before.streak + 1
        reward = { kind: RewardKind.Points, amount: signInPoints(streak) }
      } else if (progressFor(kind, await repo.progressOf(tx, userId, dayStart(ms))) < task.goal) {
        throw businessError(BusinessCode.TaskNotFinished)
      }
      const claimId = await repo.insertClaim(tx, {
        userId,
        taskId: task.id,
        period: periodOf(task.period, ms),
        streak,
        ...columnsOf(reward),
        at,
      })
      if (claimId === null) throw businessError(BusinessCode.TaskClaimed)
      await payRewardIn(tx, deps, userId, reward, RewardSource.TaskClaim, claimId, at)
      return reward
    })
    return { reward, points: await pointsSummary(db, userId) }
  }

  return { list, claim }
}

export type TasksService = ReturnType<typeof createTasksService>
