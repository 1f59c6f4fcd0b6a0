import type { MessageType } from '../../../core/contracts/messages.ts'
import type { Db } from '../../db/client.ts'
import { messages } from '../../db/schema/messages.ts'

export interface NewMessage {
  /** The recipient; null for a system notice to everyone. */
  userId: number | null
  type: MessageType
  title: string
  body: string
  link?: string
  /** What it is about, so one event writes one message (`post`, `comment`, `order`, …). */
  ref?: { type: string; id: number }
}

/**
 * Writes a message inside the caller's transaction, so the event and its message commit
 * together. Every module that tells a user something calls this.
 */
export async function writeMessage(tx: Db, message: NewMessage, at: Date): Promise<void> {
  await tx.insert(messages).values({
    userId: message.userId,
    type: message.type,
    title: message.title,
    body: message.body,
    link: message.link ?? '',
    refType: message.ref?.type ?? null,
    refId: message.ref?.id ?? null,
    createdAt: at,
  })
}
