import type * as v from 'valibot'
import type { RankRequestSchema } from '../../../core/contracts/community.ts'
import type { CommunityDeps } from './deps.ts'
import { notBuilt } from './deps.ts'

type RankRequest = v.InferOutput<typeof RankRequestSchema>

export function createCreatorsService(_deps: CommunityDeps) {
  return {
    info: async (_userId: number, _creatorId: number) => notBuilt('upblogers/info'),
    follow: async (_userId: number, _creatorId: number, _follow: boolean) => notBuilt('upblogers/cares'),
    followed: async (_userId: number, _cursor: string | undefined) => notBuilt('upblogers/followed'),
    rank: async (_userId: number, _request: RankRequest) => notBuilt('upblogers/list'),
    search: async (_userId: number, _keyword: string, _cursor: string | undefined) => notBuilt('user/list'),
  }
}
export type CreatorsService = ReturnType<typeof createCreatorsService>
