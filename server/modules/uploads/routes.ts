import * as calls from '../../../core/contracts/calls.ts'
import type { AnswerCall } from '../../plugins/calls.ts'

// TODO(helper uploads): the chunked multipart protocol.
export function registerUploadRoutes(answer: AnswerCall) {
  answer(calls.uploadImg, () => {
    throw new Error('not built')
  })
  answer(calls.uploadImages, () => {
    throw new Error('not built')
  })
}
