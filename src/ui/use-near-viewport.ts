import { useEffect, useRef, type RefObject } from 'react'

/** How far below the viewport an element counts as near: content there mounts or loads before it is seen. */
export const NEAR_ROOT_MARGIN = '0px 0px 600px 0px'

/**
 * Calls `onNear` once `ref`'s element comes within NEAR_ROOT_MARGIN of the viewport, while
 * `enabled`; at once where IntersectionObserver is missing. A new observer starts whenever
 * `generation` changes: its first report says whether the element is still in reach after what
 * the last call added, so a short addition (or a tall screen) goes on without a scroll.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  onNear: () => void,
  { enabled, generation }: { enabled: boolean; generation: unknown },
): void {
  const latest = useRef(onNear)
  useEffect(() => {
    latest.current = onNear
  }, [onNear])

  useEffect(() => {
    const element = ref.current
    if (!enabled || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      latest.current()
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          latest.current()
        }
      },
      { rootMargin: NEAR_ROOT_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, enabled, generation])
}
