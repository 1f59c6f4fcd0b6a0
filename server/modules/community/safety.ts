import type * as v from 'valibot'
import type { ReportRequestSchema } from '../../../core/contracts/community.ts'
import type { CommunityDeps } from './deps.ts'
import { notBuilt } from './deps.ts'

type ReportRequest = v.InferOutput<typeof ReportRequestSchema>

/** Reports and blocks: what a user does about others. */
export function createSafetyService(_deps: CommunityDeps) {
  return {
    report: async (_userId: number, _request: ReportRequest) => notBuilt('report/add'),
    block: async (_userId: number, _otherId: number, _block: boolean) => notBuilt('user/block'),
  }
}
export type SafetyService = ReturnType<typeof createSafetyService>
