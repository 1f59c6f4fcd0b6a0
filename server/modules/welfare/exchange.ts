import { PAGE_SIZE } from '../../../core/contracts/media.ts'
import type { ExchangeList, ExchangeRecord, RewardResult } from '../../../core/contracts/welfare.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import type { Page } from '../../../core/contracts/media.ts'
import { AppError, businessError } from '../../errors.ts'
import { decodeCursor, encodeCursor } from '../catalogue/cursor.ts'
import type { WelfareDeps } from './deps.ts'
import { pointsSummary } from './levels.ts'
import { debitPointsIn } from './points.ts'
import * as repo from './repo.ts'
import { ExchangeDebit, payRewardIn, rewardOf, RewardSource } from './rewards.ts'

const HISTORY_LIST = 'exchanges'

/** What points buy: redeem/list, redeem/exchange, redeem/history. */
export function createExchangeService(deps: WelfareDeps) {
  const { db } = deps

  /** The items on sale with the caller's points (zero without a session: the list is public). */
  async function list(userId: number | null): Promise<ExchangeList> {
    const [rows, points] = await Promise.all([repo.listActiveItems(db), pointsSummary(db, userId)])
    return {
      points,
      items: rows.map((row) => ({
        id: row.id,
        title: row.title,
        reward: rewardOf(row),
        price: row.price,
        stock: row.stock,
      })),
    }
  }

  /**
   * One transaction: the item read (and one of its stock taken when it has a count: 7061 when
   * none is left) inside it, so the price debited and the reward paid are the item's as the
   * exchange commits; then the exchange row (what was bought, at its price), then the points
   * while the balance covers them (7060), then the reward. Any refusal rolls back everything
   * before it, so points are debited exactly once per exchange and never below zero.
   */
  async function exchange(userId: number, itemId: number): Promise<RewardResult> {
    const at = new Date(deps.now())
    const reward = await db.transaction(async (tx) => {
      await repo.lockUser(tx, userId)
      const found = await repo.takeActiveItem(tx, itemId)
      if (!found) throw new AppError(ResultCode.ValidationError, 'itemId: no such item')
      if (found.soldOut) throw businessError(BusinessCode.OutOfStock)
      const { item } = found
      const reward = rewardOf(item)
      const exchangeId = await repo.insertExchange(tx, userId, item, at)
      const ref = { ...ExchangeDebit, refId: exchangeId }
      if ((await debitPointsIn(tx, userId, item.price, ref, at)) === null) throw businessError(BusinessCode.PointsShort)
      await payRewardIn(tx, deps, userId, reward, RewardSource.Exchange, exchangeId, at)
      return reward
    })
    return { reward, points: await pointsSummary(db, userId) }
  }

  async function history(userId: number, cursor: string | undefined): Promise<Page<ExchangeRecord>> {
    const after = decodeCursor(HISTORY_LIST, cursor)
    const rows = await repo.listExchanges(db, userId, after?.id ?? null, PAGE_SIZE + 1)
    const shown = rows.slice(0, PAGE_SIZE)
    const last = shown.at(-1)
    return {
      items: shown.map((row) => ({
        id: row.id,
        title: row.title,
        reward: rewardOf(row),
        price: row.price,
        createdAt: Math.floor(row.createdAt.getTime() / 1000),
      })),
      nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor(HISTORY_LIST, { key: 0, id: last.id }) : null,
    }
  }

  return { list, exchange, history }
}

export type ExchangeService = ReturnType<typeof createExchangeService>
