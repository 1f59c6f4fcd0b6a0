import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'

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

export const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }

/**
 * Makes the page's browser report no native HLS, so hls.js plays (Chromium 14x+ has native HLS).
 * A string, as this file compiles without DOM types (bench/ imports it).
 */
const WITHOUT_NATIVE_HLS = `{
  const canPlayType = HTMLMediaElement.prototype.canPlayType
  HTMLMediaElement.prototype.canPlayType = function (type) {
    return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type)
  }
}`

export interface OpenOptions extends BrowserContextOptions {
  /** False: the browser says it cannot play HLS itself. */
  nativeHls?: boolean
}

export interface OpenedPage {
  page: Page
  /** Console errors and uncaught exceptions seen so far, for the "no console errors" checks. */
  errors: string[]
  /** The page's own context, for offline switches, routes and init scripts. */
  context: BrowserContext
}

export interface JourneyBrowser {
  /** A fresh context, a phone unless `options` say otherwise, and its watched page; closed after the test. */
  open(options?: OpenOptions): Promise<OpenedPage>
}

/**
 * The browser of a journey file: chromium launched before its tests and closed after them,
 * every context a test opens closed after that test. Call it at the top of the file (or of a
 * describe), where vitest's hooks may be registered.
 */
export function journeyBrowser(): JourneyBrowser {
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()))
  })
  afterAll(async () => {
    await browser?.close()
  })
  return {
    async open({ nativeHls = true, ...options } = {}) {
      if (!browser) throw new Error('journeyBrowser: open() runs inside a test')
      const context = await browser.newContext({ ...PHONE, ...options })
      contexts.push(context)
      if (!nativeHls) await context.addInitScript(WITHOUT_NATIVE_HLS)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(String(error)))
      return { page, errors, context }
    },
  }
}
