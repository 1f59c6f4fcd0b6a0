import { defineCall } from './call.ts'
import { LatestMessagesSchema, MessageListRequestSchema, MessagePageSchema } from './messages.ts'

/** The message centre: call entries like calls.ts's, in a module of their own that only lazy pages import (registry.ts). */

// messages: the message centre.
/** The newest message of each type with unread counts. */
export const messageLatest = defineCall({
  name: 'message/latest',
  idempotent: true,
  secured: true,
  module: 'messages',
  response: LatestMessagesSchema,
})
/** A type's messages, newest first; the first page marks the type read. */
export const messageList = defineCall({
  name: 'message/list',
  idempotent: true,
  secured: true,
  module: 'messages',
  request: MessageListRequestSchema,
  response: MessagePageSchema,
})
