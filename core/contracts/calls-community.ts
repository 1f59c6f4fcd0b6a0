import { NoData, defineCall } from './call.ts'
import {
  BlockRequestSchema,
  BlockResultSchema,
  CommentAddRequestSchema,
  CommentListRequestSchema,
  CommentPageSchema,
  CommentSchema,
  CreatorPageSchema,
  CreatorSchema,
  FollowRequestSchema,
  FollowResultSchema,
  PostDetailSchema,
  PostListRequestSchema,
  PostPageSchema,
  PublishRequestSchema,
  PublishResultSchema,
  RankRequestSchema,
  RankSchema,
  ReportRequestSchema,
  UserSearchRequestSchema,
} from './community.ts'
import { IdRequestSchema, PageRequestSchema } from './media.ts'
import { LikeRequestSchema, LikeResultSchema, PayResultSchema } from './play.ts'

/** The community: posts, comments, creators, reports and blocks: call entries like calls.ts's, in a module of their own that only lazy pages import (registry.ts). */

// community: posts, comments, creators, moderation (server/modules/community/README.md).
export const postList = defineCall({
  name: 'post/list',
  idempotent: true,
  secured: true,
  module: 'community',
  request: PostListRequestSchema,
  response: PostPageSchema,
})
export const postDetail = defineCall({
  name: 'post/detail',
  idempotent: true,
  secured: true,
  module: 'community',
  request: IdRequestSchema,
  response: PostDetailSchema,
})
/** The caller's own posts in every state, newest first. */
export const postMypublish = defineCall({
  name: 'post/mypublish',
  idempotent: true,
  secured: true,
  module: 'community',
  request: PageRequestSchema,
  response: PostPageSchema,
})
export const postPublish = defineCall({
  name: 'post/publish',
  secured: true,
  module: 'community',
  request: PublishRequestSchema,
  response: PublishResultSchema,
})
/** Unlocks a priced post with diamonds, once; the author is credited CREATOR_SHARE. */
export const postPay = defineCall({
  name: 'post/pay',
  secured: true,
  module: 'community',
  request: IdRequestSchema,
  response: PayResultSchema,
})
/** Our addition. */
export const postLike = defineCall({
  name: 'post/like',
  secured: true,
  module: 'community',
  request: LikeRequestSchema,
  response: LikeResultSchema,
})
export const commentList = defineCall({
  name: 'comment/list',
  idempotent: true,
  secured: true,
  module: 'community',
  request: CommentListRequestSchema,
  response: CommentPageSchema,
})
export const commentAdd = defineCall({
  name: 'comment/add',
  secured: true,
  module: 'community',
  request: CommentAddRequestSchema,
  response: CommentSchema,
})
/** Our addition. */
export const commentLike = defineCall({
  name: 'comment/like',
  secured: true,
  module: 'community',
  request: LikeRequestSchema,
  response: LikeResultSchema,
})
/** A creator's page: profile and counts (their posts: post/list with authorId). */
export const upblogersInfo = defineCall({
  name: 'upblogers/info',
  idempotent: true,
  secured: true,
  module: 'community',
  request: IdRequestSchema,
  response: CreatorSchema,
})
/** Follows or unfollows a creator. */
export const upblogersCares = defineCall({
  name: 'upblogers/cares',
  secured: true,
  module: 'community',
  request: FollowRequestSchema,
  response: FollowResultSchema,
})
/** Our addition: the creators the caller follows, latest first (/mine/myFollow). */
export const upblogersFollowed = defineCall({
  name: 'upblogers/followed',
  idempotent: true,
  secured: true,
  module: 'community',
  request: PageRequestSchema,
  response: CreatorPageSchema,
})
/** The creators' ranking (/subpage/upRank): top 50 of a period by followers, likes or income. */
export const upblogersList = defineCall({
  name: 'upblogers/list',
  idempotent: true,
  secured: true,
  module: 'community',
  request: RankRequestSchema,
  response: RankSchema,
})
/** Finds creators by nickname (our reading of the seed's name). */
export const userList = defineCall({
  name: 'user/list',
  idempotent: true,
  secured: true,
  module: 'community',
  request: UserSearchRequestSchema,
  response: CreatorPageSchema,
})
/** Our addition: reports a post, comment or user to the operators. */
export const reportAdd = defineCall({
  name: 'report/add',
  secured: true,
  module: 'community',
  request: ReportRequestSchema,
  response: NoData,
})
/** Our addition: a blocked user's posts and comments disappear for the blocker. */
export const userBlock = defineCall({
  name: 'user/block',
  secured: true,
  module: 'community',
  request: BlockRequestSchema,
  response: BlockResultSchema,
})
