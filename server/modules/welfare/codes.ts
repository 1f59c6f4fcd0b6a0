import { PAGE_SIZE, type Page } from '../../../core/contracts/media.ts'
import type { RedeemedCode, Reward, RewardResult } from '../../../core/contracts/welfare.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import type { Db } from '../../db/client.ts'
import { createSecretLoader, loadOrCreateSecret } from '../../db/server-secrets.ts'
import { businessError } from '../../errors.ts'
import { createFailureLimit, failureKey } from '../../plugins/failure-limit.ts'
import { decodeCursor, encodeCursor } from '../catalogue/cursor.ts'
import {
  CODE_BYTES,
  CodeHashVersion,
  encodeCode,
  groupCode,
  hashCode,
  legacyHashCode,
  normaliseCode,
} from './code-text.ts'
import { dayKey } from './days.ts'
import type { WelfareDeps } from './deps.ts'
import { pointsSummary } from './levels.ts'
import * as repo from './repo.ts'
import { columnsOf, payRewardIn, rewardOf, RewardSource } from './rewards.ts'

/** Wrong codes one account may type in WRONG_CODE_WINDOW_SECONDS. */
export const MAX_WRONG_CODES_PER_ACCOUNT = 10
/** Wrong codes one address may send in the window: more than an account's, as many users share a carrier's address. */
export const MAX_WRONG_CODES_PER_ADDRESS = 30
const WRONG_CODE_WINDOW_SECONDS = 600
const USES_LIST = 'codes'
/**
 * The server_secrets row keying the codes' hashes, made by whichever asks first (codes:create or
 * a redeem). Losing or changing it makes every keyed code unknown: it is kept like the database.
 */
export const CODE_SECRET = 'redeem_code'

export interface CodeBatchSpec {
  count: number
  reward: Reward
  /** Users who may redeem each code (each once). */
  maxUses: number
  expiresAt: Date | null
}

/**
 * Makes `count` codes in one transaction and answers them grouped (XXXX-XXXX-XXXX-XXXX) with
 * their batch (`20261126-1f2e3d4c`: the Shanghai day and 4 random bytes, none of the codes').
 * Only their keyed hashes are stored: the answer is the only place they ever appear.
 */
export async function createCodes(
  db: Db,
  spec: CodeBatchSpec,
  options: { now: () => number; randomBytes: (length: number) => Uint8Array },
): Promise<{ batch: string; codes: string[] }> {
  const createdAt = new Date(options.now())
  const key = await loadOrCreateSecret(db, CODE_SECRET, options.randomBytes(32), createdAt)
  const batch = `${dayKey(createdAt.getTime()).replaceAll('-', '')}-${Buffer.from(options.randomBytes(4)).toString('hex')}`
  const codes = Array.from({ length: spec.count }, () => encodeCode(options.randomBytes(CODE_BYTES)))
  await db.transaction(async (tx) => {
    // In slices, so a large batch stays inside the drivers' bound-parameter limits.
    for (let i = 0; i < codes.length; i += 1000) {
      const rows = codes.slice(i, i + 1000).map((code) => ({
        codeHash: hashCode(key, code),
        hashVersion: CodeHashVersion.HmacSha256,
        maxUses: spec.maxUses,
        expiresAt: spec.expiresAt,
        batch,
        createdAt,
      }))
      await repo.insertCodes(tx, rows, columnsOf(spec.reward))
    }
  })
  return { batch, codes: codes.map(groupCode) }
}

/**
 * redeemcode/use and redeemcode/list. A use is one transaction: the use row first (unique
 * per code and user: 7011 for the same user again), then one of the code's uses in one
 * conditional statement (none left: 7011 for a single-use code, 7013 for a multi-use one),
 * then the reward. Unknown codes (7012) count against the account and the address; past
 * either limit every try is refused with 4290 until the window passes.
 */
export function createCodesService(deps: WelfareDeps) {
  const { db } = deps
  const codeKey = createSecretLoader({ db, name: CODE_SECRET, now: deps.now })
  const perAccount = createFailureLimit(
    { name: 'redeem-account', maxFailures: MAX_WRONG_CODES_PER_ACCOUNT, windowSeconds: WRONG_CODE_WINDOW_SECONDS },
    deps.counters,
  )
  const perAddress = createFailureLimit(
    { name: 'redeem-address', maxFailures: MAX_WRONG_CODES_PER_ADDRESS, windowSeconds: WRONG_CODE_WINDOW_SECONDS },
    deps.counters,
  )

  async function use(userId: number, ip: string, typed: string): Promise<RewardResult> {
    const accountKey = failureKey.user(userId)
    const addressKey = failureKey.address(ip)
    await perAccount.refuseSpent([accountKey])
    await perAddress.refuseSpent([addressKey])
    const normalised = normaliseCode(typed)
    const code =
      normalised === null
        ? null
        : await repo.findCode(db, { keyed: hashCode(await codeKey(), normalised), legacy: legacyHashCode(normalised) })
    if (!code) {
      await Promise.all([perAccount.failed([accountKey]), perAddress.failed([addressKey])])
      throw businessError(BusinessCode.CodeWrong)
    }
    const ms = deps.now()
    if (code.expiresAt !== null && code.expiresAt.getTime() <= ms) throw businessError(BusinessCode.CodeExpired)
    const reward = rewardOf(code)
    const at = new Date(ms)
    await db.transaction(async (tx) => {
      await repo.lockUser(tx, userId)
      const useId = await repo.insertCodeUse(tx, code.id, userId, at)
      if (useId === null) throw businessError(BusinessCode.CodeUsed)
      if (!(await repo.takeCodeUse(tx, code.id))) {
        throw businessError(code.maxUses === 1 ? BusinessCode.CodeUsed : BusinessCode.CodeUsedUp)
      }
      await payRewardIn(tx, deps, userId, reward, RewardSource.CodeUse, useId, at)
    })
    return { reward, points: await pointsSummary(db, userId) }
  }

  async function list(userId: number, cursor: string | undefined): Promise<Page<RedeemedCode>> {
    const after = decodeCursor(USES_LIST, cursor)
    const rows = await repo.listCodeUses(db, userId, after?.id ?? null, PAGE_SIZE + 1)
    const shown = rows.slice(0, PAGE_SIZE)
    const last = shown.at(-1)
    return {
      items: shown.map((row) => ({
        id: row.id,
        batch: row.batch,
        reward: rewardOf(row),
        createdAt: Math.floor(row.createdAt.getTime() / 1000),
      })),
      nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor(USES_LIST, { key: 0, id: last.id }) : null,
    }
  }

  return { use, list }
}

export type CodesService = ReturnType<typeof createCodesService>
