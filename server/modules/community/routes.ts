import * as calls from '../../../core/contracts/calls-community.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { CommentsService } from './comments.ts'
import type { CreatorsService } from './creators.ts'
import type { PostsService } from './posts.ts'
import type { SafetyService } from './safety.ts'

export interface CommunityServices {
  posts: PostsService
  comments: CommentsService
  creators: CreatorsService
  safety: SafetyService
}

export function registerCommunityRoutes(answer: AnswerCall, { posts, comments, creators, safety }: CommunityServices) {
  answer(calls.postList, (body, { user }) => posts.list(user.userId, body))
  answer(calls.postDetail, ({ id }, { user }) => posts.detail(user.userId, id))
  answer(calls.postMypublish, ({ cursor }, { user }) => posts.mine(user.userId, cursor))
  answer(calls.postPublish, (body, { user }) => posts.publish(user.userId, body))
  answer(calls.postLike, ({ id, like }, { user }) => posts.like(user.userId, id, like))
  answer(calls.postPay, ({ id }, { user }) => posts.pay(user.userId, id))
  answer(calls.commentList, (body, { user }) => comments.list(user.userId, body))
  answer(calls.commentAdd, (body, { user }) => comments.add(user.userId, body))
  answer(calls.commentLike, ({ id, like }, { user }) => comments.like(user.userId, id, like))
  answer(calls.upblogersInfo, ({ id }, { user }) => creators.info(user.userId, id))
  answer(calls.upblogersCares, ({ id, follow }, { user }) => creators.follow(user.userId, id, follow))
  answer(calls.upblogersFollowed, ({ cursor }, { user }) => creators.followed(user.userId, cursor))
  answer(calls.upblogersList, (body, { user }) => creators.rank(user.userId, body))
  answer(calls.userList, ({ keyword, cursor }, { user }) => creators.search(user.userId, keyword, cursor))
  answer(calls.reportAdd, (body, { user }) => safety.report(user.userId, body))
  answer(calls.userBlock, ({ id, block }, { user }) => safety.block(user.userId, id, block))
}
