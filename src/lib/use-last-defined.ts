import { useState } from 'react'

/**
 * Holds on to the last defined value. A kept-alive page (features/shell) keeps rendering
 * while hidden, when its route is no longer matched and its search reads undefined.
 */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value)
  if (value !== undefined && value !== last) setLast(value)
  return value ?? last
}
