import { useState } from 'react'

/** Unix seconds when the screen first rendered: 「N分钟前」 stays put while the page is open. */
export function useNowSeconds(): number {
  const [now] = useState(() => Math.floor(Date.now() / 1000))
  return now
}
