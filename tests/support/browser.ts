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
