import type { LatestMessages, Message, MessageType } from '../../../core/contracts/messages.ts'
import { PAGE_SIZE, type Page } from '../../../core/contracts/media.ts'
import type { Db } from '../../db/client.ts'
import type { SessionUser } from '../../plugins/session.ts'
import { decodeCursor, encodeCursor } from '../catalogue/cursor.ts'
import * as repo from './repo.ts'
import type { MessageRow } from './repo.ts'

const toMessage = (row: MessageRow, lastReadId: number): Message => ({
  id: row.id,
  type: row.type,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: Math.floor(row.createdMs / 1000),
  read: row.id <= lastReadId,
})

/** Each type's list has its own cursor name, so a cursor of one tab is refused by another. */
const listName = (type: MessageType) => `messages-${type}`

/** The message centre (README.md): what each type holds, unread counts, and reading them. */
export function createMessagesService(deps: { db: Db }) {
  const { db } = deps

  return {
    /** message/latest: each type's newest message and unread count, and all unread together. */
    async latest(session: SessionUser): Promise<LatestMessages> {
      const rows = await repo.summaries(db, session.userId)
      return {
        unread: rows.reduce((sum, row) => sum + row.unread, 0),
        types: rows.map((row) => ({
          type: row.type,
          unread: row.unread,
          latest: row.latest ? toMessage(row.latest, row.lastReadId) : null,
        })),
      }
    },

    /**
     * message/list: a type's messages, newest first. The first page marks the type read up to its
     * newest message; `read` says what was read before, and the cursor carries that mark (as its
     * key) so later pages answer alike.
     */
    async list(session: SessionUser, type: MessageType, cursor: string | undefined): Promise<Page<Message>> {
      const after = decodeCursor(listName(type), cursor)
      const lastReadId = after ? after.key : await repo.lastReadId(db, session.userId, type)
      const rows = await repo.listMessages(db, session.userId, type, after?.id ?? null, PAGE_SIZE + 1)
      const shown = rows.slice(0, PAGE_SIZE)
      const newest = shown[0]
      if (!after && newest && newest.id > lastReadId) await repo.markRead(db, session.userId, type, newest.id)
      const last = shown.at(-1)
      return {
        items: shown.map((row) => toMessage(row, lastReadId)),
        nextCursor:
          rows.length > PAGE_SIZE && last ? encodeCursor(listName(type), { key: lastReadId, id: last.id }) : null,
      }
    },
  }
}

export type MessagesService = ReturnType<typeof createMessagesService>
