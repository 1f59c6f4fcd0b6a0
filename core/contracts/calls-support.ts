import { defineCall } from './call.ts'
import {
  ContactSchema,
  FaqListSchema,
  FeedbackListRequestSchema,
  FeedbackPageSchema,
  FeedbackRequestSchema,
  FeedbackResultSchema,
} from './support.ts'

/** Feedback, customer service and the FAQ: call entries like calls.ts's, in a module of their own that only lazy pages import (registry.ts). */

// support: feedback, customer-service channels, the FAQ.
export const feedbackAdd = defineCall({
  name: 'feedback/add',
  secured: true,
  module: 'support',
  request: FeedbackRequestSchema,
  response: FeedbackResultSchema,
})
/** Our addition: the caller's feedback with the operator's replies (/mine/feedback). */
export const feedbackList = defineCall({
  name: 'feedback/list',
  idempotent: true,
  secured: true,
  module: 'support',
  request: FeedbackListRequestSchema,
  response: FeedbackPageSchema,
})
export const aicustomerserviceList = defineCall({
  name: 'aicustomerservice/list',
  idempotent: true,
  secured: true,
  module: 'support',
  response: FaqListSchema,
})
export const pingContact = defineCall({
  name: 'ping/contact',
  method: 'GET',
  secured: true,
  module: 'support',
  response: ContactSchema,
})
