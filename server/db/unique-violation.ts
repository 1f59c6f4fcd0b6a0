/**
 * Whether `error` (or what it wraps: drizzle puts the driver's error in `cause`) is PostgreSQL's
 * unique violation (23505) of `constraint`, as node-postgres and PGlite both report it.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown }
    if (code === '23505' && name === constraint) return true
  }
  return false
}
