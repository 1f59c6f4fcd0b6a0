import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export interface LighthouseFigure {
  performance: number
  accessibility: number
  /** Audits below a full score, worst first, for the report. */
  shortfalls: { id: string; title: string; score: number; displayValue?: string }[]
}

/**
 * Lighthouse's mobile audit (its default: an emulated mid-range phone on a throttled 4G link)
 * of one page, in the system chromium. Scores are 0–100.
 */
export async function lighthouseMobile(url: string): Promise<LighthouseFigure> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { categories, audits } = result.lhr
    const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100)
    const shortfalls = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
      .map((audit) => ({
        id: audit.id,
        title: audit.title,
        score: score(audit.score),
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      }))
      .sort((a, b) => a.score - b.score)
    return {
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      shortfalls,
    }
  } finally {
    chrome.kill()
  }
}
