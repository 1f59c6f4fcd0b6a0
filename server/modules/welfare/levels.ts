import type { Level, Levels, PointsSummary } from '../../../core/contracts/welfare.ts'
import type { Db } from '../../db/client.ts'
import * as repo from './repo.ts'

/** Answered while point_levels is empty (before the seed, or emptied by an operator): one level for everyone. */
const FALLBACK_LEVELS: Level[] = [{ level: 1, name: '新手', minPoints: 0, perks: [] }]

async function levelsIn(db: Db): Promise<Level[]> {
  const rows = await repo.listLevels(db)
  return rows.length > 0 ? rows : FALLBACK_LEVELS
}

/**
 * The level lifetime points reach (the highest threshold at or below them; the lowest level
 * when even its threshold is above) and the next one. Spending points never lowers a level.
 */
export function summarise(points: { balance: number; lifetime: number }, levels: Level[]): PointsSummary {
  let index = 0
  levels.forEach((level, i) => {
    if (level.minPoints <= points.lifetime) index = i
  })
  return { ...points, level: levels[index]!, next: levels[index + 1] ?? null }
}

/** The user's points and level (zero points without a session or any points yet). */
export async function pointsSummary(db: Db, userId: number | null): Promise<PointsSummary> {
  const [points, levels] = await Promise.all([
    userId === null ? { balance: 0, lifetime: 0 } : repo.pointsOf(db, userId),
    levelsIn(db),
  ])
  return summarise(points, levels)
}

/** points/levels: the summary and every level with its perks. */
export async function levelsWithPoints(db: Db, userId: number): Promise<Levels> {
  const [points, levels] = await Promise.all([repo.pointsOf(db, userId), levelsIn(db)])
  return { points: summarise(points, levels), levels }
}
