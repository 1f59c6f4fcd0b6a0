import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/accounts.ts'
import { videoStreams } from '../../db/schema/streams.ts'
import { createPlayTokens } from './play-token.ts'
import { loadOrCreateSecret } from '../../db/server-secrets.ts'

/** A stream row as the streams module writes it; encrypted ones get a fresh 16-byte key. */
export async function insertStream(db: Db, videoId: number, encrypted = true): Promise<Uint8Array | null> {
  const key = encrypted ? new Uint8Array(randomBytes(16)) : null
  await db.insert(videoStreams).values({
    videoId,
    dir: `streams/${videoId}`,
    encrypted,
    key,
    renditions: [],
    createdAt: new Date(Date.UTC(2025, 0, 1)),
  })
  return key
}

export type VipLineName = 'normal' | 'supreme' | 'dark'

/** Gives the user one membership line, of type 1, expiring at `expiresAt`. */
export async function setVip(db: Db, userId: number, line: VipLineName, expiresAt: Date) {
  const set =
    line === 'normal'
      ? { normalVipType: 1, normalVipExpire: expiresAt }
      : line === 'supreme'
        ? { supremeVipType: 1, supremeVipExpire: expiresAt }
        : { darkVipType: 1, darkVipExpire: expiresAt }
  await db.update(users).set(set).where(eq(users.id, userId))
}

/**
 * Play tokens signed with the server's own secret, as media/play hands them out, for videos
 * media/play would not give one for (a locked video must still answer 403 to a valid token).
 */
export function testPlayTokens(db: Db, now: () => number) {
  return createPlayTokens({
    secret: () => loadOrCreateSecret(db, 'play_token', new Uint8Array(randomBytes(32)), new Date(now())),
    now,
  })
}
