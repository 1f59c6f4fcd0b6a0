import { atom, type Getter } from 'jotai'
import {
  pointsLevels,
  redeemcodeList,
  redeemcodeUse,
  redeemExchange,
  redeemHistory,
  redeemList,
  usertaskGet,
  usertaskList,
} from '../../../core/contracts/calls-welfare.ts'
import type { Page } from '../../../core/contracts/media.ts'
import type {
  ExchangeList,
  ExchangeRecord,
  RedeemedCode,
  RewardResult,
  SignIn,
  TaskList,
} from '../../../core/contracts/welfare.ts'
import { TaskKind, TaskState } from '../../../core/contracts/welfare-rules.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { ApiError, errorMessage } from '../../lib/http.ts'
import type { ReadResult } from '../../lib/offline-reads.ts'
import { apiAtom } from '../../lib/store.ts'
import { liveRead } from './live-read.ts'

// Welfare is read live, never from the offline store: progress, points and stock change, and a
// stored answer would offer a claim or an exchange that is no longer there.

/** usertask/list: the sign-in card, the tasks and the points. */
export const tasksRead = liveRead((get) => get(apiAtom).call(usertaskList))

/** redeem/list: the points and the items. */
export const exchangeRead = liveRead((get) => get(apiAtom).call(redeemList))

/** points/levels: the points and every level with its perks. */
export const levelsRead = liveRead((get) => get(apiAtom).call(pointsLevels))

/** How an action that pays a reward ended. */
export type RewardOutcome = { status: 'rewarded'; result: RewardResult } | { status: 'refused'; message: string }

/** The sign-in card once today is signed: the streak goes on, and the week's next day is ticked. */
export function signInToday(signIn: SignIn): SignIn {
  if (signIn.signedToday) return signIn
  const day = signIn.days.find((entry) => !entry.signed)?.day
  return {
    streak: signIn.streak + 1,
    signedToday: true,
    days: signIn.days.map((entry) => (entry.day === day ? { ...entry, signed: true } : entry)),
  }
}

/** The task list after task `taskId` was claimed: its state, the points, and the card for a sign-in. */
function claimedIn(list: TaskList, taskId: number, result: RewardResult | null): TaskList {
  const task = list.tasks.find((entry) => entry.id === taskId)
  return {
    signIn: task?.kind === TaskKind.SignIn ? signInToday(list.signIn) : list.signIn,
    tasks: list.tasks.map((entry) => (entry.id === taskId ? { ...entry, state: TaskState.Claimed } : entry)),
    points: result?.points ?? list.points,
  }
}

/**
 * usertask/get of a finished task (signing in is claiming the sign-in task). The list changes at
 * once, then is asked again, so what the claim changed elsewhere (levels, streak) shows too. A
 * claim the server says was made already (another tab, a retry) shows as made.
 */
export const claimTaskAtom = atom(
  null,
  async (get, set, claim: { taskId: number; owner: number }): Promise<RewardOutcome> => {
    try {
      const result = await get(apiAtom).call(usertaskGet, { taskId: claim.taskId })
      set(tasksRead.updateAtom, (list) => claimedIn(list, claim.taskId, result))
      void set(tasksRead.loadAtom, claim.owner)
      return { status: 'rewarded', result }
    } catch (error) {
      if (isBusiness(error, BusinessCode.TaskClaimed)) {
        set(tasksRead.updateAtom, (list) => claimedIn(list, claim.taskId, null))
      }
      void set(tasksRead.loadAtom, claim.owner)
      return { status: 'refused', message: errorMessage(error) }
    }
  },
)

/** How an exchange ended: the reward, too few points, none left, or another refusal. */
export type ExchangeOutcome =
  | { status: 'rewarded'; result: RewardResult }
  | { status: 'short' }
  | { status: 'soldOut' }
  | { status: 'failed'; message: string }

/** The exchange list with the points an answer carries, and an item's stock taken by one. */
function afterExchange(list: ExchangeList, result: RewardResult, itemId: number | null): ExchangeList {
  return {
    points: result.points,
    items: list.items.map((item) =>
      item.id === itemId && item.stock !== null ? { ...item, stock: Math.max(0, item.stock - 1) } : item,
    ),
  }
}

/** redeem/exchange: the points are debited once by the server; too few (7060) and none left (7061) are outcomes. */
export const exchangeItemAtom = atom(
  null,
  async (get, set, exchange: { itemId: number; owner: number }): Promise<ExchangeOutcome> => {
    try {
      const result = await get(apiAtom).call(redeemExchange, { itemId: exchange.itemId })
      set(exchangeRead.updateAtom, (list) => afterExchange(list, result, exchange.itemId))
      return { status: 'rewarded', result }
    } catch (error) {
      if (isBusiness(error, BusinessCode.PointsShort)) {
        void set(exchangeRead.loadAtom, exchange.owner)
        return { status: 'short' }
      }
      if (isBusiness(error, BusinessCode.OutOfStock)) {
        set(exchangeRead.updateAtom, (list) => ({
          ...list,
          items: list.items.map((item) => (item.id === exchange.itemId ? { ...item, stock: 0 } : item)),
        }))
        return { status: 'soldOut' }
      }
      return { status: 'failed', message: errorMessage(error) }
    }
  },
)

/** redeemcode/use of a typed code (trimmed here and by the contract); a wrong, used or expired code is refused with its tip. */
export const redeemCodeAtom = atom(null, async (get, set, code: string): Promise<RewardOutcome> => {
  try {
    const result = await get(apiAtom).call(redeemcodeUse, { code: code.trim() })
    set(exchangeRead.updateAtom, (list) => afterExchange(list, result, null))
    return { status: 'rewarded', result }
  } catch (error) {
    return { status: 'refused', message: errorMessage(error) }
  }
})

function isBusiness(error: unknown, code: number): boolean {
  return error instanceof ApiError && error.code === code
}

/** One of the history lists: its identity and pages (the catalogue's paged list takes them). */
export interface HistorySource<R> {
  /** The call and the user, so one account never sees another's records. */
  key: string
  fetchPage(get: Getter, cursor: string | undefined): Promise<ReadResult<R>>
}

const cursorBody = (cursor: string | undefined) => (cursor === undefined ? {} : { cursor })
const live = <R>(data: R): ReadResult<R> => ({ data, stale: false, savedAt: Date.now() })

/** redeem/history, newest first. */
export function exchangeHistorySource(userId: number | null): HistorySource<Page<ExchangeRecord>> {
  return {
    key: `welfare:${redeemHistory.name}:${userId ?? 0}`,
    fetchPage: async (get, cursor) => live(await get(apiAtom).call(redeemHistory, cursorBody(cursor))),
  }
}

/** redeemcode/list, newest first. */
export function codeHistorySource(userId: number | null): HistorySource<Page<RedeemedCode>> {
  return {
    key: `welfare:${redeemcodeList.name}:${userId ?? 0}`,
    fetchPage: async (get, cursor) => live(await get(apiAtom).call(redeemcodeList, cursorBody(cursor))),
  }
}
