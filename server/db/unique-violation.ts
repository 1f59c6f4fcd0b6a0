/**
 * Whether `error` (a failed query, as drizzle wraps it, or the driver's own error) is a unique
 * violation of `constraint`: node-postgres and PGlite both report the code 23505 and the name.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    const { code, constraint: name } = at as { code?: unknown; constraint?: unknown }
    if (code === '23505' && name === constraint) return true
  }
  return false
}
