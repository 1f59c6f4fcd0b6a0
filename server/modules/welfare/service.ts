import type { Levels } from '../../../core/contracts/welfare.ts'
import { createCodesService } from './codes.ts'
import type { WelfareDeps } from './deps.ts'
import { createExchangeService } from './exchange.ts'
import { levelsWithPoints } from './levels.ts'
import { createTasksService } from './tasks.ts'

/** Welfare's services as server/app.ts wires them (README.md). */
export function createWelfareServices(deps: WelfareDeps) {
  return {
    tasks: createTasksService(deps),
    exchange: createExchangeService(deps),
    codes: createCodesService(deps),
    levels: (userId: number): Promise<Levels> => levelsWithPoints(deps.db, userId),
  }
}

export type WelfareServices = ReturnType<typeof createWelfareServices>
