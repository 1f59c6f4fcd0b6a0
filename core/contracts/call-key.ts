/**
 * The key of a call with its body: its name and the body with keys sorted and undefined values
 * left out, so `{a, b}` and `{b, a}` agree. Stored reads and primed answers are found by it.
 */
export function callKey(name: string, body: unknown): string {
  return `${name}\n${stableJson(body ?? {})}`
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => stableJson(item ?? null)).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
