import type { DefineCall } from '../../plugins/calls.ts'
import type { PingService } from './service.ts'

export function registerPingRoutes(defineCall: DefineCall, service: PingService) {
  defineCall({ name: 'ping/check', method: 'GET', secured: false, handler: () => null })
  defineCall({ name: 'ping/config', method: 'GET', secured: false, handler: () => service.appConfig() })
  defineCall({ name: 'ping/announcement', secured: false, handler: () => service.announcement() })
}
