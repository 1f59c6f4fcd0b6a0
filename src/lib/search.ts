/**
 * Tiny search-param readers for validateSearch. They run in the eager route tree, so they
 * stay dependency-free (zod there would weigh on the first visit).
 */
export function optionalPositiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN
  return Number.isInteger(n) && n > 0 ? n : undefined
}

export function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  return undefined
}

export function searchWithId(search: Record<string, unknown>): { id?: number } {
  const id = optionalPositiveInt(search.id)
  return id === undefined ? {} : { id }
}
