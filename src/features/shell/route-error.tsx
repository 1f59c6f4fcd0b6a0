import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { isChunkLoadError, reloadOnceForChunkError } from '../../lib/chunk-reload.ts'
import { errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages.ts'
import { scheduleSplashRemoval } from '../../lib/splash.ts'
import { Skeleton } from '../../ui/state-views.tsx'

/**
 * Every route's error page. A stale chunk after a deploy reloads once; any
 * other error — including the route guard's rethrown initialisation error — shows its
 * message with a retry, never a blank screen.
 */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const chunkError = isChunkLoadError(error)
  const [reloading] = useState(() => chunkError && reloadOnceForChunkError())
  useEffect(() => {
    if (!reloading) scheduleSplashRemoval(0)
  }, [reloading])
  if (reloading) return <Skeleton lines={4} />
  const message = chunkError ? t.errors.pageLoadFailed : errorMessage(error)
  const handleRetry = () => {
    if (chunkError) {
      location.reload()
      return
    }
    reset()
    void router.invalidate()
  }
  return (
    <main className="page">
      <section className="full-state" role="alert">
        <h1 className="full-state__title">{t.errors.title}</h1>
        <p>{message}</p>
        <button type="button" className="button" onClick={handleRetry}>
          {chunkError ? t.common.reload : t.common.retry}
        </button>
      </section>
    </main>
  )
}
