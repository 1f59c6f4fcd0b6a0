import * as calls from '../../../core/contracts/calls.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { SearchService } from './service.ts'

export function registerSearchRoutes(answer: AnswerCall, service: SearchService) {
  answer(calls.mediaHotSearchsList, () => service.hotKeywords())
  answer(calls.searchHot, ({ cursor }) => service.popular(cursor))
  answer(calls.searchDetails, service.search)
}
