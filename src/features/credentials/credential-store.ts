import type { SecureStorage } from '../../lib/persist.ts'
import { credentialStorageKey } from '../session/public.ts'

/** A credential as user/qrcode answered it: the server shows it once, so this device keeps it. */
export interface KeptCredential {
  credential: string
  /** Unix seconds; matches the user info's credentialCreatedAt while it is the current one. */
  createdAt: number
}

export async function readKeptCredential(storage: SecureStorage, userId: number): Promise<KeptCredential | null> {
  const kept = await storage.get<KeptCredential>(credentialStorageKey(userId))
  return kept && typeof kept.credential === 'string' && typeof kept.createdAt === 'number' ? kept : null
}

export function keepCredential(storage: SecureStorage, userId: number, kept: KeptCredential): Promise<void> {
  return storage.set(credentialStorageKey(userId), kept)
}
