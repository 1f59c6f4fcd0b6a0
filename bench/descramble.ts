/**
 * Descramble ÷ allocating copy (target ≥ 1.5 in Node and in Chromium): how many
 * times faster core's in-place descramble of a marker-scheme file (the whole-file XOR, the
 * costliest scheme) runs than merely copying the same bytes into a new Uint8Array. A naive
 * byte loop is measured too, for the word loop's gain.
 *
 * The same code runs in both: core/images/descramble.ts and the timing loop are bundled by
 * esbuild into one IIFE, evaluated in Node and added to a blank Chromium page.
 *
 * Method. Each operation first runs for WARM_UP_MS, so the optimised code (not the on-stack
 * replacement entered mid-loop) is what gets timed and the copy's garbage is already being
 * collected. Then PAIRS pairs of samples of about SAMPLE_MS each — descramble then copy, copy
 * then descramble, alternately — and the ratio is the median over the pairs of copy time ÷
 * descramble time, with its quartiles. The machine is two cores shared with other work, so
 * one round of a few tens of milliseconds could run slower than the next; two short samples
 * back to back see the same load, and the median of many pairs drops those a preemption
 * split. A copy sample allocates about one young collection's worth (~33 MB of ArrayBuffers
 * triggers one in Node), so over the pairs the copy pays for its own collections; a forced GC
 * between samples would take that cost out of the copy's time.
 *
 * In Node the copy's speed depends on where glibc's malloc finds its memory: in pages it kept
 * or in pages it handed back to the kernel after a collection and must fault in again, several
 * times slower. Which of the two a process settles in depends on its history and changes from
 * run to run, so the Node lines print page faults per copy; the ratio against a copy that does
 * not fault is the one that says how fast descramble is.
 *
 * The Node figures come from a child process that runs nothing but the bundle. Once any
 * ArrayBuffer in a V8 isolate has been detached (transferred), V8 drops its "no buffer was ever
 * detached" assumption and optimised code checks every typed-array access for a detached
 * buffer, a third slower. Merely importing playwright-core (this file's Chromium launcher) does
 * that, so measured in the bench's own process the figure would be the bench's, not core's.
 * The host's own speed still moves from run to run; figures and their spread are in
 * bench/README.md.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { launchChromium } from '../tests/support/browser.ts'

interface DescrambleFigure {
  /** Image bytes (the file adds the 6-byte marker). */
  size: number
  descrambleMBps: number
  copyMBps: number
  naiveMBps: number
  /** Median over sample pairs of copy time ÷ descramble time; target ≥ 1.5. */
  ratio: number
  /** The pairs' lower and upper quartile of the same ratio. */
  ratioQuartiles: [number, number]
  /** descramble throughput ÷ naive byte loop throughput. */
  wordGain: number
  /** Minor page faults per copy (Node only, null in Chromium). */
  copyPageFaults: number | null
}

export interface DescrambleBenchmark {
  node: DescrambleFigure[]
  chromium: DescrambleFigure[]
  chromiumVersion: string
  target: number
}

const SIZES = [100 * 1024, 1024 * 1024]
const TARGET = 1.5
const WARM_UP_MS = 300
const SAMPLE_MS = 5
const PAIRS = 61

// Runs inside the bundle, in Node and in the page alike; see the method above. pageFaults is
// a counter of the process's minor page faults (Node only).
const ENTRY = `
import { DEV_IMAGE_KEYS, descramble } from './core/images/descramble.ts'

export function run(sizes, options, pageFaults) {
  const { warmUpMs, sampleMs, pairs } = options
  const keys = DEV_IMAGE_KEYS
  let sink = 0
  const naiveXor = (bytes, byte) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] ^= byte
  }
  const operations = {
    descramble: (file) => { sink = (sink + descramble(file, keys).bytes.length) | 0 },
    copy: (file) => { const copy = new Uint8Array(file); sink = (sink + copy[copy.length >> 1]) | 0 },
    naive: (file) => { naiveXor(file.subarray(6), keys.xorByte); sink = (sink + file[7]) | 0 },
  }
  // Milliseconds per operation over n operations.
  const sample = (operation, file, n) => {
    const start = performance.now()
    for (let i = 0; i < n; i++) operation(file)
    return (performance.now() - start) / n
  }
  // Runs the operation for warmUpMs, doubling the batch; answers how many fill sampleMs.
  const warmUp = (operation, file) => {
    let n = 1
    let perOperation = 0
    for (let spent = 0; spent < warmUpMs; ) {
      perOperation = sample(operation, file, n)
      spent += perOperation * n
      if (perOperation * n < sampleMs) n *= 2
    }
    return Math.max(1, Math.round(sampleMs / perOperation))
  }
  const quantile = (values, q) => values.slice().sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]
  return sizes.map((size) => {
    const file = new Uint8Array(6 + size)
    file.set(keys.xorMarker)
    for (let i = 6, x = 2463534242; i < file.length; i++) {
      x ^= x << 13; x ^= x >>> 17; x ^= x << 5
      file[i] = x & 0xff
    }
    const n = {}
    for (const name in operations) n[name] = warmUp(operations[name], file)
    const times = { descramble: [], copy: [], naive: [] }
    const ratios = []
    const gains = []
    let faults = 0
    const copySample = () => {
      const before = pageFaults ? pageFaults() : 0
      const ms = sample(operations.copy, file, n.copy)
      if (pageFaults) faults += pageFaults() - before
      return ms
    }
    for (let pair = 0; pair < pairs; pair++) {
      let descrambleMs, copyMs
      if (pair % 2 === 0) {
        descrambleMs = sample(operations.descramble, file, n.descramble)
        copyMs = copySample()
      } else {
        copyMs = copySample()
        descrambleMs = sample(operations.descramble, file, n.descramble)
      }
      const naiveMs = sample(operations.naive, file, n.naive)
      times.descramble.push(descrambleMs)
      times.copy.push(copyMs)
      times.naive.push(naiveMs)
      ratios.push(copyMs / descrambleMs)
      gains.push(naiveMs / descrambleMs)
    }
    const mbps = (ms) => size / 1e6 / (ms / 1e3)
    return {
      size,
      descrambleMBps: mbps(quantile(times.descramble, 0.5)),
      copyMBps: mbps(quantile(times.copy, 0.5)),
      naiveMBps: mbps(quantile(times.naive, 0.5)),
      ratio: quantile(ratios, 0.5),
      ratioQuartiles: [quantile(ratios, 0.25), quantile(ratios, 0.75)],
      wordGain: quantile(gains, 0.5),
      copyPageFaults: pageFaults ? faults / (pairs * n.copy) : null,
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

interface RunOptions {
  warmUpMs: number
  sampleMs: number
  pairs: number
}
type Run = (sizes: number[], options: RunOptions, pageFaults?: () => number) => (DescrambleFigure & { sink: number })[]
const strip = (figures: (DescrambleFigure & { sink: number })[]): DescrambleFigure[] =>
  figures.map(({ sink: _sink, ...figure }) => figure)

/** The bundle's run() in a new Node process (see the method above for why), its figures as JSON on stdout. */
async function runInFreshNode(code: string, options: RunOptions): Promise<ReturnType<Run>> {
  const script = `${code}
process.stdout.write(JSON.stringify(__descrambleBench.run(${JSON.stringify(SIZES)}, ${JSON.stringify(options)}, () => process.resourceUsage().minorPageFault)))`
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { maxBuffer: 1 << 20 })
  return JSON.parse(stdout) as ReturnType<Run>
}

export async function descrambleBenchmark(options: Partial<RunOptions> = {}): Promise<DescrambleBenchmark> {
  const runOptions: RunOptions = { warmUpMs: WARM_UP_MS, sampleMs: SAMPLE_MS, pairs: PAIRS, ...options }
  const code = await bundle()
  const node = strip(await runInFreshNode(code, runOptions))

  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    await page.setContent('<!doctype html><title>descramble bench</title>')
    await page.addScriptTag({ content: code })
    const chromium = strip(
      await page.evaluate(
        ([sizes, o]) => (globalThis as unknown as { __descrambleBench: { run: Run } }).__descrambleBench.run(sizes, o),
        [SIZES, runOptions] as const,
      ),
    )
    return { node, chromium, chromiumVersion: browser.version(), target: TARGET }
  } finally {
    await browser.close()
  }
}

const mbps = (value: number) => value.toFixed(0).padStart(6)

export function formatDescrambleBenchmark(result: DescrambleBenchmark): string[] {
  const lines = [`Descramble (marker scheme, in place) ÷ allocating copy; target ≥ ${result.target}`]
  for (const [where, figures] of [
    [`Node ${process.versions.node}`, result.node],
    [`Chromium ${result.chromiumVersion}`, result.chromium],
  ] as const) {
    lines.push(`  ${where}`)
    for (const f of figures) {
      const size = f.size >= 1024 * 1024 ? `${f.size / 1024 / 1024} MB` : `${f.size / 1024} KB`
      const faults = f.copyPageFaults === null ? '' : ` (${f.copyPageFaults.toFixed(1)} page faults per copy)`
      const [low, high] = f.ratioQuartiles
      lines.push(
        `    ${size.padStart(6)}  descramble ${mbps(f.descrambleMBps)} MB/s  copy ${mbps(f.copyMBps)} MB/s${faults}` +
          `  byte loop ${mbps(f.naiveMBps)} MB/s  ratio ${f.ratio.toFixed(2)} (pairs ${low.toFixed(2)}–${high.toFixed(2)})` +
          `${f.ratio >= result.target ? '' : '  BELOW TARGET'}  (word loop ${f.wordGain.toFixed(1)}× the byte loop)`,
      )
    }
  }
  return lines
}
