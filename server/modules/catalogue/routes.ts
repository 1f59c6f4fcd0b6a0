import * as calls from '../../../core/contracts/calls.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { CatalogueService } from './service.ts'

export function registerCatalogueRoutes(answer: AnswerCall, service: CatalogueService) {
  answer(calls.mediaHome, () => service.home())
  answer(calls.mediaRecommend, ({ cursor }) => service.recommend(cursor))
  answer(calls.mediaShortRecommend, ({ cursor }) => service.shortRecommend(cursor))
  answer(calls.mediaPublished, ({ cursor }) => service.published(cursor))
  answer(calls.mediaTagDetails, service.tagDetails)
  answer(calls.mediaTopicDetails, service.topicDetails)
  answer(calls.mediaActorDetails, service.actorDetails)
  answer(calls.mediaCollectHome, service.collectionsHome)
  answer(calls.mediaCollectDetails, (input, { user }) => service.collectionDetails(input, user.userId))
  answer(calls.contentInfo, ({ id }) => service.contentInfo(id))
}
