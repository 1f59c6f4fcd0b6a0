import { AdClickRequestSchema } from '../../../core/contracts/media.ts'
import type { DefineCall } from '../../plugins/calls.ts'
import type { AdsService } from './service.ts'

export function registerAdsRoutes(defineCall: DefineCall, service: AdsService) {
  defineCall({
    name: 'advertise/click',
    secured: true,
    body: AdClickRequestSchema,
    handler: ({ id }, { user }) => service.click(user.userId, id),
  })
}
