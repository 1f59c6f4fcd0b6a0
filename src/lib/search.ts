/**
 * Tiny search-param readers for validateSearch. They run in the eager route tree, so they
 * stay dependency-free.
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

/**
 * `id` is always present, undefined when missing or bad: the router lays the validated search
 * over the raw one, so a key left out would let a raw `?id=abc` through as a string.
 */
export function searchWithId(search: Record<string, unknown>): { id: number | undefined } {
  return { id: optionalPositiveInt(search.id) }
}
