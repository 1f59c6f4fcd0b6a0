/**
 * Descramble ÷ allocating copy (issue 3; target ≥ 1.5 in Node and in Chromium): how many
 * times faster core's in-place descramble of a marker-scheme file (the whole-file XOR, the
 * costliest scheme) runs than merely copying the same bytes into a new Uint8Array. A naive
 * byte loop is measured too, for the word loop's gain.
 *
 * The same code runs in both: core/images/descramble.ts and the timing loop are bundled by
 * esbuild into one IIFE, evaluated in Node and added to a blank Chromium page.
 */
import { build } from 'esbuild'
import { launchChromium } from '../tests/support/browser.ts'

export interface DescrambleFigure {
  /** Image bytes (the file adds the 6-byte marker). */
  size: number
  descrambleMBps: number
  copyMBps: number
  naiveMBps: number
  /** descramble throughput ÷ copy throughput; target ≥ 1.5. */
  ratio: number
  /** descramble throughput ÷ naive byte loop throughput. */
  wordGain: number
}

export interface DescrambleBenchmark {
  node: DescrambleFigure[]
  chromium: DescrambleFigure[]
  chromiumVersion: string
  target: number
}

export const SIZES = [100 * 1024, 1024 * 1024]
const TARGET = 1.5

// Runs inside the bundle, in Node and in the page alike. Each measurement runs batches of
// one operation until a batch takes ≥ 25 ms; the three kinds interleave over 9 rounds and
// the median time per operation is kept, so a GC pause or a frequency step hits one round.
const ENTRY = `
import { DEV_IMAGE_KEYS, descramble } from './core/images/descramble.ts'

export function run(sizes, rounds) {
  const keys = DEV_IMAGE_KEYS
  let sink = 0
  const naiveXor = (bytes, byte) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] ^= byte
  }
  const operations = {
    descramble: (file) => { sink += descramble(file, keys).bytes.length },
    copy: (file) => { const copy = new Uint8Array(file); sink += copy[copy.length >> 1] },
    naive: (file) => { naiveXor(file.subarray(6), keys.xorByte); sink += file[7] },
  }
  const timeOne = (operation, file) => {
    for (let batch = 1; ; batch *= 2) {
      const start = performance.now()
      for (let i = 0; i < batch; i++) operation(file)
      const elapsed = performance.now() - start
      if (elapsed >= 25) return elapsed / batch
    }
  }
  const median = (values) => values.slice().sort((a, b) => a - b)[values.length >> 1]
  return sizes.map((size) => {
    const file = new Uint8Array(6 + size)
    file.set(keys.xorMarker)
    for (let i = 6, x = 2463534242; i < file.length; i++) {
      x ^= x << 13; x ^= x >>> 17; x ^= x << 5
      file[i] = x & 0xff
    }
    const times = { descramble: [], copy: [], naive: [] }
    for (const name in operations) timeOne(operations[name], file) // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const name in operations) times[name].push(timeOne(operations[name], file))
    }
    const mbps = (ms) => size / 1e6 / (ms / 1e3)
    const descrambleMs = median(times.descramble)
    const copyMs = median(times.copy)
    const naiveMs = median(times.naive)
    return {
      size,
      descrambleMBps: mbps(descrambleMs),
      copyMBps: mbps(copyMs),
      naiveMBps: mbps(naiveMs),
      ratio: copyMs / descrambleMs,
      wordGain: naiveMs / descrambleMs,
      sink,
    }
  })
}
`

async function bundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: ENTRY,
      resolveDir: new URL('..', import.meta.url).pathname,
      loader: 'js',
      sourcefile: 'bench.js',
    },
    bundle: true,
    format: 'iife',
    globalName: '__descrambleBench',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

type Run = (sizes: number[], rounds: number) => (DescrambleFigure & { sink: number })[]
const strip = (figures: (DescrambleFigure & { sink: number })[]): DescrambleFigure[] =>
  figures.map(({ sink: _sink, ...figure }) => figure)

export async function descrambleBenchmark(options: { rounds?: number } = {}): Promise<DescrambleBenchmark> {
  const rounds = options.rounds ?? 9
  const code = await bundle()
  const { run } = new Function(`${code}; return __descrambleBench`)() as { run: Run }
  const node = strip(run(SIZES, rounds))

  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    await page.setContent('<!doctype html><title>descramble bench</title>')
    await page.addScriptTag({ content: code })
    const chromium = strip(
      await page.evaluate(
        ([sizes, n]) => (globalThis as unknown as { __descrambleBench: { run: Run } }).__descrambleBench.run(sizes, n),
        [SIZES, rounds] as const,
      ),
    )
    return { node, chromium, chromiumVersion: browser.version(), target: TARGET }
  } finally {
    await browser.close()
  }
}

export function formatDescrambleBenchmark(result: DescrambleBenchmark): string[] {
  const lines = [`Descramble (marker scheme, in place) ÷ allocating copy; target ≥ ${result.target}`]
  for (const [where, figures] of [
    [`Node ${process.versions.node}`, result.node],
    [`Chromium ${result.chromiumVersion}`, result.chromium],
  ] as const) {
    lines.push(`  ${where}`)
    for (const f of figures) {
      const size = f.size >= 1024 * 1024 ? `${f.size / 1024 / 1024} MB` : `${f.size / 1024} KB`
      lines.push(
        `    ${size.padStart(6)}  descramble ${f.descrambleMBps.toFixed(0).padStart(6)} MB/s  copy ${f.copyMBps
          .toFixed(0)
          .padStart(
            6,
          )} MB/s  byte loop ${f.naiveMBps.toFixed(0).padStart(5)} MB/s  ratio ${f.ratio.toFixed(2).padStart(5)}${
          f.ratio >= result.target ? '' : '  BELOW TARGET'
        }  (word loop ${f.wordGain.toFixed(1)}× the byte loop)`,
      )
    }
  }
  return lines
}
