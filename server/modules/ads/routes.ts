import * as calls from '../../../core/contracts/calls.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { AdsService } from './service.ts'

export function registerAdsRoutes(answer: AnswerCall, service: AdsService) {
  answer(calls.advertiseClick, ({ id }, { user }) => service.click(user.userId, id))
}
