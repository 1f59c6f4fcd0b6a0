const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i

/**
 * A finite number from a number or a decimal string (`'1234'`, `' 12.5 '`, `'1e3'`), else
 * undefined — so `''`, `'12abc'`, `'0x10'`, NaN, ±Infinity, null, booleans and objects are
 * all "not a number" rather than Number()'s surprises (`Number('') === 0`).
 */
export function toFiniteNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  if (!DECIMAL.test(text)) return undefined
  const n = Number(text)
  return Number.isFinite(n) ? n : undefined
}
