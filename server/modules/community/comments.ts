import type * as v from 'valibot'
import type { CommentAddRequestSchema } from '../../../core/contracts/community.ts'
import type { CommunityDeps } from './deps.ts'
import { notBuilt } from './deps.ts'

type AddRequest = v.InferOutput<typeof CommentAddRequestSchema>

export function createCommentsService(_deps: CommunityDeps) {
  return {
    list: async (_userId: number, _postId: number, _cursor: string | undefined) => notBuilt('comment/list'),
    add: async (_userId: number, _request: AddRequest) => notBuilt('comment/add'),
    like: async (_userId: number, _commentId: number, _like: boolean) => notBuilt('comment/like'),
  }
}
export type CommentsService = ReturnType<typeof createCommentsService>
