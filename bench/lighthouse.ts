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
 * of one page, in the system chromium, as the median of `runs` audits (BENCH_LIGHTHOUSE_RUNS,
 * default 3): on a shared 2-core machine one audit's performance score moves by ±10, mostly
 * through Total Blocking Time. The figure is the median run's, with every run's score in `runs`.
 * Scores are 0–100.
 */
export async function lighthouseMobile(
  url: string,
  runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3,
): Promise<LighthouseFigure & { runs: number[] }> {
  const figures: LighthouseFigure[] = []
  for (let i = 0; i < runs; i++) figures.push(await lighthouseOnce(url))
  const sorted = [...figures].sort((a, b) => a.performance - b.performance)
  const median = sorted[Math.floor(sorted.length / 2)]!
  return { ...median, runs: figures.map((figure) => figure.performance) }
}

/** One audit; a run Lighthouse could not trace (NO_NAVSTART and the like) is run again, twice at most. */
async function lighthouseOnce(url: string, attemptsLeft = 3): Promise<LighthouseFigure> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  })
  let result
  try {
    result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    })
  } finally {
    chrome.kill()
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  if (result.lhr.runtimeError) {
    // The scores of such a run are 0, not a measurement.
    if (attemptsLeft > 1) return lighthouseOnce(url, attemptsLeft - 1)
    throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code}`)
  }
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
}
