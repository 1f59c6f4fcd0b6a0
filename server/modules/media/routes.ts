import {
  CollectionPageRequestSchema,
  ContentInfoRequestSchema,
  DetailsPageRequestSchema,
  PageRequestSchema,
} from '../../../core/contracts/media.ts'
import type { DefineCall } from '../../plugins/calls.ts'
import type { MediaService } from './service.ts'

/** The catalogue's calls (server/modules/README.md): all secured but content/info. */
export function registerMediaRoutes(defineCall: DefineCall, service: MediaService) {
  defineCall({ name: 'media/home', secured: true, handler: () => service.home() })
  defineCall({
    name: 'media/recommend',
    secured: true,
    body: PageRequestSchema,
    handler: ({ cursor }) => service.recommend(cursor),
  })
  defineCall({
    name: 'media/short/recommend',
    secured: true,
    body: PageRequestSchema,
    handler: ({ cursor }) => service.shortRecommend(cursor),
  })
  defineCall({
    name: 'media/published',
    secured: true,
    body: PageRequestSchema,
    handler: ({ cursor }) => service.published(cursor),
  })
  defineCall({ name: 'media/tag/details', secured: true, body: DetailsPageRequestSchema, handler: service.tagDetails })
  defineCall({
    name: 'media/topic/details',
    secured: true,
    body: DetailsPageRequestSchema,
    handler: service.topicDetails,
  })
  defineCall({
    name: 'media/actor/details',
    secured: true,
    body: DetailsPageRequestSchema,
    handler: service.actorDetails,
  })
  defineCall({
    name: 'media/collect/home',
    secured: true,
    body: PageRequestSchema,
    handler: service.collectionsHome,
  })
  defineCall({
    name: 'media/collect/details',
    secured: true,
    body: CollectionPageRequestSchema,
    handler: (input, { user }) => service.collectionDetails(input, user.userId),
  })
  defineCall({
    name: 'content/info',
    secured: false,
    body: ContentInfoRequestSchema,
    handler: ({ id }) => service.contentInfo(id),
  })
}
