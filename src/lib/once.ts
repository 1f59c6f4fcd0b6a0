/** Runs `fn` once and shares its promise; a failure is forgotten so a retry runs it again. */
export function onceRetryable(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null
  return () => {
    running ??= fn().catch((error: unknown) => {
      running = null
      throw error
    })
    return running
  }
}
