import * as calls from '../../../core/contracts/calls-messages.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { MessagesService } from './service.ts'

export function registerMessageRoutes(answer: AnswerCall, messages: MessagesService) {
  answer(calls.messageLatest, (_input, { user }) => messages.latest(user))
  answer(calls.messageList, ({ type, cursor }, { user }) => messages.list(user, type, cursor))
}
