import { MESSAGE_TYPES, type LatestMessages, type Message, type MessageType } from '../../../core/contracts/messages.ts'

/** Test kit of the message centre: messages and message/latest answers. */

export const message = (id: number, patch: Partial<Message> = {}): Message => ({
  id,
  type: 'system',
  title: `标题${id}`,
  body: `内容${id}`,
  link: '',
  createdAt: 1_700_000_000,
  read: false,
  ...patch,
})

/** message/latest with these unread counts per type (others 0), the total their sum. */
export function latest(unread: Partial<Record<MessageType, number>> = {}): LatestMessages {
  const types = MESSAGE_TYPES.map((type) => ({ type, unread: unread[type] ?? 0, latest: null }))
  return { unread: types.reduce((sum, entry) => sum + entry.unread, 0), types }
}
