import { throttle } from './throttle.ts'

/**
 * `--vh` is 1 % of the real inner height (mobile browsers' 100vh includes the hidden
 * address bar), updated on resize and orientation change, throttled to 300 ms.
 */
export function trackViewportHeight(win: Window = window): () => void {
  const update = () => win.document.documentElement.style.setProperty('--vh', `${win.innerHeight * 0.01}px`)
  update()
  const throttled = throttle(update, 300)
  win.addEventListener('resize', throttled)
  win.addEventListener('orientationchange', throttled)
  return () => {
    win.removeEventListener('resize', throttled)
    win.removeEventListener('orientationchange', throttled)
  }
}
