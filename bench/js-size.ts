import { gzipSync } from 'node:zlib'
import { launchChromium } from '../tests/support/browser.ts'
import type { RunningServer } from '../tests/support/server-process.ts'

export interface JsSizeFigure {
  files: { url: string; gzipBytes: number }[]
  totalGzipBytes: number
}

/**
 * The JavaScript a first visit to `/` downloads, measured in a real browser: every script
 * response until the network is idle, gzipped at level 9 as a CDN would serve it. The
 * service worker script is excluded: it is not page JavaScript and installs after load.
 */
export async function measureFirstVisitJs(server: RunningServer): Promise<JsSizeFigure> {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const files: { url: string; gzipBytes: number }[] = []
    const missed: string[] = []
    const pending: Promise<void>[] = []
    page.on('response', (response) => {
      const type = response.request().resourceType()
      const url = response.url()
      if (type !== 'script' || !url.startsWith(server.baseUrl)) return
      pending.push(
        response.body().then(
          (body) => {
            files.push({ url: url.slice(server.baseUrl.length), gzipBytes: gzipSync(body, { level: 9 }).length })
          },
          // A body the browser dropped (page closing) is fetched again below, not lost.
          () => {
            missed.push(url)
          },
        ),
      )
    })
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' })
    await Promise.all(pending)
    for (const url of missed) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer())
      files.push({ url: url.slice(server.baseUrl.length), gzipBytes: gzipSync(body, { level: 9 }).length })
    }
    files.sort((a, b) => b.gzipBytes - a.gzipBytes)
    return { files, totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) }
  } finally {
    await browser.close()
  }
}
