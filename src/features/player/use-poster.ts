import { useEffect, useState } from 'react'
import { hasControllingWorker } from '../../lib/sw-bridge.ts'

/**
 * A cover for the <video> poster. Images are stored scrambled (docs/protocol.md): under a controlling
 * worker the URL itself works; without one the image fallback descrambles it into a data URI.
 * Null until there is something to show (the poster stays empty rather than broken).
 */
export function usePoster(src: string | null): string | null {
  const viaWorker = src !== null && hasControllingWorker()
  const [fallback, setFallback] = useState<{ src: string; uri: string } | null>(null)
  useEffect(() => {
    if (src === null || viaWorker) return
    let current = true
    import('../../lib/image-fallback.ts')
      .then(({ pageImageFallback }) => pageImageFallback().load(src))
      .then(
        (uri) => {
          if (current) setFallback({ src, uri })
        },
        () => undefined,
      )
    return () => {
      current = false
    }
  }, [src, viaWorker])
  if (src === null) return null
  if (viaWorker) return src
  return fallback?.src === src ? fallback.uri : null
}
