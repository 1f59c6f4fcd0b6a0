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
  /** Who caused it (the commenter, the liker); nobody is told of their own doing. */
  actorId?: number
}

/**
 * Writes a message inside the caller's transaction, so the event and its message commit
 * together. Every module that tells a user something calls this. A message about the
 * recipient's own doing is not written, and a like already told (the same liker and target,
 * `messages_like_once_key`) is not told again.
 */
export async function writeMessage(tx: Db, message: NewMessage, at: Date): Promise<void> {
  if (message.actorId !== undefined && message.actorId === message.userId) return
  await tx
    .insert(messages)
    .values({
      userId: message.userId,
      type: message.type,
      title: message.title,
      body: message.body,
      link: message.link ?? '',
      refType: message.ref?.type ?? null,
      refId: message.ref?.id ?? null,
      actorId: message.actorId ?? null,
      createdAt: at,
    })
    .onConflictDoNothing()
}
