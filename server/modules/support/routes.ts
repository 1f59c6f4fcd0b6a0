import * as calls from '../../../core/contracts/calls-support.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { SupportService } from './service.ts'

export function registerSupportRoutes(answer: AnswerCall, service: SupportService) {
  answer(calls.feedbackAdd, (input, { user }) => service.add(user.userId, input))
  answer(calls.feedbackList, (input, { user }) => service.list(user.userId, input.cursor))
  answer(calls.aicustomerserviceList, () => service.faq())
  answer(calls.pingContact, () => service.contact())
}
