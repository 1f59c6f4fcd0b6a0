import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

/** Debian's chromium (apt package `chromium`); the flags keep it off the closed network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export interface WatchedPage {
  page: Page
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[]
}

/** A page that records every console error and page error, for the "no console errors" checks. */
export async function openPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(String(error)))
  return { page, errors }
}

export const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }

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
