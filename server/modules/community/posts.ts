import type * as v from 'valibot'
import type { PublishRequestSchema, PostListRequestSchema } from '../../../core/contracts/community.ts'
import type { CommunityDeps } from './deps.ts'
import { notBuilt } from './deps.ts'

type ListRequest = v.InferOutput<typeof PostListRequestSchema>
type PublishRequest = v.InferOutput<typeof PublishRequestSchema>

export function createPostsService(_deps: CommunityDeps) {
  return {
    list: async (_userId: number, _request: ListRequest) => notBuilt('post/list'),
    detail: async (_userId: number, _postId: number) => notBuilt('post/detail'),
    mine: async (_userId: number, _cursor: string | undefined) => notBuilt('post/mypublish'),
    publish: async (_userId: number, _request: PublishRequest) => notBuilt('post/publish'),
    like: async (_userId: number, _postId: number, _like: boolean) => notBuilt('post/like'),
    pay: async (_userId: number, _postId: number) => notBuilt('post/pay'),
  }
}
export type PostsService = ReturnType<typeof createPostsService>
