import type { Page } from 'playwright-core'

/** Resolves once a service worker controls the page (the first one claims it, sw/sw.ts). */
export function controlled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve))
    }
  })
}
