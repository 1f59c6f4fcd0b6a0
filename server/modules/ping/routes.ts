import * as calls from '../../../core/contracts/calls.ts'
import type { AnswerCall } from '../../plugins/calls.ts'
import type { PingService } from './service.ts'

export function registerPingRoutes(answer: AnswerCall, service: PingService) {
  answer(calls.pingCheck, () => null)
  answer(calls.pingConfig, () => service.appConfig())
  answer(calls.pingAnnouncement, () => service.announcement())
  answer(calls.customGetEndpoint, () => service.apiLines())
}
