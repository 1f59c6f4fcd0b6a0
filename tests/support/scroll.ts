import type { Page } from 'playwright-core'

// Apart from browser.ts, which bench/ also imports and which must compile without DOM types.
/**
 * Scrolls the window to `y` (clamped to what the page can scroll) and resolves once the scroll
 * event has been dispatched, as it is before any real tap; resolves at once when already there
 * (no scroll event would come). Returns the position reached.
 */
export function scrollPage(page: Page, y: number): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        const target = Math.max(0, Math.min(wanted, document.documentElement.scrollHeight - innerHeight))
        if (Math.abs(window.scrollY - target) < 1) {
          resolve(window.scrollY)
          return
        }
        addEventListener('scroll', () => resolve(window.scrollY), { once: true })
        window.scrollTo(0, target)
      }),
    y,
  )
}
