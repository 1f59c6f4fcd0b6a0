import { toFiniteNumber } from './number.ts'

/**
 * Diamonds in cents of the display unit → the display text: divided by 100 with two
 * decimals, a trailing `.00` dropped (1234 → "12.34", 1250 → "12.50", 1200 → "12").
 * Negative amounts (ledger debits) keep their sign: -150 → "-1.50". Fractional cents are rounded
 * to the nearest cent first (half away from zero). Missing or non-numeric input → "0".
 */
export function formatMoney(cents: unknown): string {
  const n = toFiniteNumber(cents)
  if (n === undefined) return '0'
  const abs = Math.round(Math.abs(n))
  const whole = Math.floor(abs / 100)
  const fraction = abs % 100
  const sign = n < 0 && abs !== 0 ? '-' : ''
  return fraction === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(fraction).padStart(2, '0')}`
}

/** A price in fen (CNY cents) → `¥12.00`: always two decimals, as a till shows it. */
export function formatPrice(fen: number): string {
  const abs = Math.round(Math.abs(fen))
  const sign = fen < 0 && abs !== 0 ? '-' : ''
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
