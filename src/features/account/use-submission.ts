import { useCallback, useRef, useState } from 'react'
import { errorMessage } from '../../lib/http.ts'

/**
 * One form's call: `busy` while it is out (a second submit meanwhile is ignored), and the
 * failure's message (the server's tip, or the http client's message) when it fails.
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const out = useRef(false)
  const run = useCallback(async (send: () => Promise<void>) => {
    if (out.current) return
    out.current = true
    setBusy(true)
    setFailure(null)
    try {
      await send()
    } catch (error) {
      setFailure(errorMessage(error))
    } finally {
      out.current = false
      setBusy(false)
    }
  }, [])
  return { busy, failure, run }
}
