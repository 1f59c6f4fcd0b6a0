import * as v from 'valibot'
import { CARD_TIERS } from './payments.ts'
import { CursorSchema, IdSchema, IntSchema, PlainTextSchema } from './fields.ts'
import { pageOf } from './media.ts'
import { REDEEM_CODE_MAX, RewardKind, TASK_KINDS, TaskPeriod, TaskState } from './welfare-rules.ts'

/** Tasks, points, levels, the exchange and redeem codes: server/modules/welfare/README.md. */

/** What a task, an exchange item or a code gives: points, diamonds (cents) or VIP days of a tier. */
export const RewardSchema = v.variant('kind', [
  v.object({ kind: v.literal(RewardKind.Points), amount: IntSchema }),
  v.object({ kind: v.literal(RewardKind.Diamonds), amount: IntSchema }),
  v.object({ kind: v.literal(RewardKind.Vip), tier: v.picklist(CARD_TIERS), days: IntSchema }),
])
export type Reward = v.InferOutput<typeof RewardSchema>

export const LevelSchema = v.object({
  level: IntSchema,
  name: v.string(),
  /** Lifetime points from which the level holds. */
  minPoints: IntSchema,
  perks: v.array(v.string()),
})
export type Level = v.InferOutput<typeof LevelSchema>

/** The caller's points: what can be spent, what was ever earned (levels), the level and the next. */
export const PointsSummarySchema = v.object({
  balance: IntSchema,
  lifetime: IntSchema,
  level: LevelSchema,
  /** null at the top level. */
  next: v.nullable(LevelSchema),
})
export type PointsSummary = v.InferOutput<typeof PointsSummarySchema>

export const TaskSchema = v.object({
  id: IntSchema,
  kind: v.picklist(TASK_KINDS),
  title: v.string(),
  description: v.string(),
  period: v.picklist([TaskPeriod.Daily, TaskPeriod.Once]),
  progress: IntSchema,
  goal: IntSchema,
  reward: RewardSchema,
  state: v.picklist([TaskState.Todo, TaskState.Claimable, TaskState.Claimed]),
  /** Where 去完成 leads in the app ('' when nowhere). */
  link: v.string(),
})
export type Task = v.InferOutput<typeof TaskSchema>

/** The sign-in card: the streak and the seven days of its current week. */
export const SignInSchema = v.object({
  /** Consecutive days signed up to today (or yesterday, when today is not signed yet); 0 after a missed day. */
  streak: IntSchema,
  signedToday: v.boolean(),
  days: v.array(v.object({ day: IntSchema, points: IntSchema, signed: v.boolean() })),
})
export type SignIn = v.InferOutput<typeof SignInSchema>

export const TaskListSchema = v.object({
  signIn: SignInSchema,
  tasks: v.array(TaskSchema),
  points: PointsSummarySchema,
})
export type TaskList = v.InferOutput<typeof TaskListSchema>

export const ClaimRequestSchema = v.object({ taskId: IdSchema })
export const RewardResultSchema = v.object({ reward: RewardSchema, points: PointsSummarySchema })
export type RewardResult = v.InferOutput<typeof RewardResultSchema>

export const LevelsSchema = v.object({ points: PointsSummarySchema, levels: v.array(LevelSchema) })
export type Levels = v.InferOutput<typeof LevelsSchema>

export const ExchangeItemSchema = v.object({
  id: IntSchema,
  title: v.string(),
  reward: RewardSchema,
  /** Points it costs. */
  price: IntSchema,
  /** How many are left; null when unlimited. */
  stock: v.nullable(IntSchema),
})
export type ExchangeItem = v.InferOutput<typeof ExchangeItemSchema>
export const ExchangeListSchema = v.object({ points: PointsSummarySchema, items: v.array(ExchangeItemSchema) })
export type ExchangeList = v.InferOutput<typeof ExchangeListSchema>
export const ExchangeRequestSchema = v.object({ itemId: IdSchema })

export const ExchangeRecordSchema = v.object({
  id: IntSchema,
  title: v.string(),
  reward: RewardSchema,
  price: IntSchema,
  /** Unix seconds. */
  createdAt: IntSchema,
})
export type ExchangeRecord = v.InferOutput<typeof ExchangeRecordSchema>
export const ExchangeHistorySchema = pageOf(ExchangeRecordSchema)
export const HistoryRequestSchema = v.object({ cursor: CursorSchema })

export const codeText = (max: number) =>
  v.pipe(
    PlainTextSchema,
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(max, `must be at most ${max} characters`),
  )

export const RedeemCodeRequestSchema = v.object({ code: codeText(REDEEM_CODE_MAX) })
export const RedeemedCodeSchema = v.object({
  id: IntSchema,
  /**
   * The batch the code came from, as codes:create printed it (`20261126-1f2e3d4c`): nothing of the
   * code itself is stored, only a keyed hash.
   */
  batch: v.string(),
  reward: RewardSchema,
  /** Unix seconds. */
  createdAt: IntSchema,
})
export type RedeemedCode = v.InferOutput<typeof RedeemedCodeSchema>
export const RedeemedCodePageSchema = pageOf(RedeemedCodeSchema)
