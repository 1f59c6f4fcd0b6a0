import * as calls from '../../../core/contracts/calls.ts'
import type { AnswerCall } from '../../plugins/calls.ts'

const notBuilt = () => {
  throw new Error('not built yet')
}

export function registerSupportRoutes(answer: AnswerCall) {
  answer(calls.feedbackAdd, notBuilt)
  answer(calls.feedbackList, notBuilt)
  answer(calls.aicustomerserviceList, notBuilt)
  answer(calls.pingContact, notBuilt)
}
