/**
 * Welfare's rules, shared by the server and the screens: server/modules/welfare/README.md.
 * Days are calendar days in Asia/Shanghai whatever the server's or the phone's zone.
 */

export const WELFARE_TIME_ZONE = 'Asia/Shanghai'

/** What a task counts; each kind has one seeded task row. */
export const TaskKind = {
  SignIn: 'sign-in',
  Watch: 'watch',
  Share: 'share',
  BindPhone: 'bind-phone',
  FirstTopUp: 'first-top-up',
  Publish: 'publish',
} as const
export type TaskKind = (typeof TaskKind)[keyof typeof TaskKind]
export const TASK_KINDS = Object.values(TaskKind)

/** A daily task is claimed once per day; a once task once ever. */
export const TaskPeriod = { Daily: 'daily', Once: 'once' } as const
export type TaskPeriod = (typeof TaskPeriod)[keyof typeof TaskPeriod]

/** todo: not finished (去完成); claimable: finished, reward waiting (领取); claimed: 已完成. */
export const TaskState = { Todo: 'todo', Claimable: 'claimable', Claimed: 'claimed' } as const
export type TaskState = (typeof TaskState)[keyof typeof TaskState]

export const RewardKind = { Points: 'points', Diamonds: 'diamonds', Vip: 'vip' } as const
export type RewardKind = (typeof RewardKind)[keyof typeof RewardKind]

/**
 * Sign-in points by the day of the streak's week: day 1 of a streak pays the first, day 7 the
 * last, day 8 starts the next week at the first again.
 */
export const SIGN_IN_POINTS = [10, 10, 15, 15, 20, 20, 50] as const

/** Redeem codes as typed: letters and digits, dashes and spaces ignored. */
export const REDEEM_CODE_MAX = 40
/** Invite codes: what `user/redeem` and the `affCode` of a link carry. */
export const INVITE_CODE_MAX = 16
