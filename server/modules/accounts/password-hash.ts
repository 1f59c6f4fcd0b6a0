import { randomBytes } from 'node:crypto'
import * as argon2 from '@node-rs/argon2'

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): tens of milliseconds a hash, so 25 tries per key
// stay cheap to serve. argon2id is the binding's default algorithm (its enum is a const enum, not importable).
const HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS)
}

let dummyHash: Promise<string> | null = null

/** A hash of a random password with the same parameters, made once per process. */
export function dummyPasswordHash(): Promise<string> {
  return (dummyHash ??= hashPassword(randomBytes(32).toString('base64url')))
}

/**
 * Checks `password` against `passwordHash`. Without one (no such account, or one without a
 * password) it verifies against the dummy hash all the same, so both failures take one argon2
 * verification and an attacker cannot tell them apart by time.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const matches = await argon2.verify(passwordHash ?? (await dummyPasswordHash()), password)
  return passwordHash !== null && matches
}
