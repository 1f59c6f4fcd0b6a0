import { PageRequestSchema, SearchRequestSchema } from '../../../core/contracts/media.ts'
import type { DefineCall } from '../../plugins/calls.ts'
import type { SearchService } from './service.ts'

export function registerSearchRoutes(defineCall: DefineCall, service: SearchService) {
  defineCall({ name: 'hotSearchs/list', secured: true, handler: () => service.hotKeywords() })
  defineCall({
    name: 'search/hot',
    secured: true,
    body: PageRequestSchema,
    handler: ({ cursor }) => service.popular(cursor),
  })
  defineCall({ name: 'search/details', secured: true, body: SearchRequestSchema, handler: service.search })
}
