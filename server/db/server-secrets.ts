import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from './client.ts'
import { serverSecrets } from './schema/watching.ts'

/** The secret named `name`, made from `fresh` by whichever process asks first. */
export async function loadOrCreateSecret(db: Db, name: string, fresh: Uint8Array, at: Date): Promise<Uint8Array> {
  await db.insert(serverSecrets).values({ name, value: fresh, createdAt: at }).onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name))
  return row!.value
}

/**
 * The secret named `name` (32 random bytes), read once per process and kept; a failed read is
 * tried again on the next call.
 */
export function createSecretLoader(deps: {
  db: Db
  name: string
  now: () => number
  randomBytes?: (size: number) => Uint8Array
}): () => Promise<Uint8Array> {
  const fresh = deps.randomBytes ?? ((size: number) => new Uint8Array(randomBytes(size)))
  let secret: Promise<Uint8Array> | null = null
  return () => {
    secret ??= loadOrCreateSecret(deps.db, deps.name, fresh(32), new Date(deps.now())).catch((error: unknown) => {
      secret = null
      throw error
    })
    return secret
  }
}
