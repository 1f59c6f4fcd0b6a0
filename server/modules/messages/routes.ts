import * as calls from '../../../core/contracts/calls-messages.ts'
import type { AnswerCall } from '../../plugins/calls.ts'

const notBuilt = () => {
  throw new Error('not built yet')
}

export function registerMessageRoutes(answer: AnswerCall) {
  answer(calls.messageLatest, notBuilt)
  answer(calls.messageList, notBuilt)
}
