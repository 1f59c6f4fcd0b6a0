import type { AppConfig } from '../../../core/contracts/config.ts'
import { ResultCode } from '../../../core/protocol/codes.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import * as repo from './repo.ts'

/** Every ad id the config shows: advertise, icon ads (both lists) and the floating window. */
export function adIds(config: Pick<AppConfig, 'advertise' | 'statConfigApp' | 'floatingWindow'>): Set<number> {
  const ids = new Set<number>()
  for (const ad of config.advertise) ids.add(ad.id)
  for (const ad of config.statConfigApp.list) ids.add(ad.id)
  for (const ad of config.statConfigApp.nineList) ids.add(ad.id)
  if (config.floatingWindow) ids.add(config.floatingWindow.id)
  return ids
}

export function createAdsService(deps: { db: Db; now: () => number; appConfig: () => AppConfig | Promise<AppConfig> }) {
  /** Records a click on an ad the config serves; any other id is refused and nothing is written. */
  async function click(userId: number, adId: number): Promise<null> {
    if (!adIds(await deps.appConfig()).has(adId)) {
      throw new AppError(ResultCode.ValidationError, `id: no ad with id ${adId}`)
    }
    await repo.insertClick(deps.db, { adId, userId, clickedAt: new Date(deps.now()) })
    return null
  }
  return { click }
}

export type AdsService = ReturnType<typeof createAdsService>
