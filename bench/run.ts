/**
 * `npm run bench`: figures and ratios for the goals that live outside the test suite. The
 * sections, their targets and the BENCH_* variables are described in bench/README.md.
 */
import { buildApp as buildWebApp, startServer } from '../tests/support/server-process.ts'
import { clusterBenchmark, formatClusterBenchmark } from './cluster.ts'
import { communityThroughput, formatCommunityThroughput } from './community.ts'
import { descrambleBenchmark, formatDescrambleBenchmark } from './descramble.ts'
import { floodBenchmark, formatFloodBenchmark } from './flood.ts'
import { formatSearchBenchmark, searchBenchmark } from './search.ts'
import { measureFirstVisitJs } from './js-size.ts'
import { lighthouseMobile } from './lighthouse.ts'
import { benchSelected } from './load.ts'
import { formatProtocolThroughput, protocolThroughput } from './protocol.ts'
import { formatUploadThroughput, uploadThroughput } from './upload.ts'
import { formatWatchThroughput, watchThroughput } from './watch.ts'

if (benchSelected('protocol')) {
  for (const line of formatProtocolThroughput(await protocolThroughput())) console.log(line)
}

if (benchSelected('watch')) {
  for (const line of formatWatchThroughput(await watchThroughput())) console.log(line)
}

if (benchSelected('upload')) {
  for (const database of ['pglite', 'postgres'] as const) {
    for (const line of formatUploadThroughput(await uploadThroughput(database))) console.log(line)
  }
}

if (benchSelected('community')) {
  for (const line of formatCommunityThroughput(await communityThroughput())) console.log(line)
}

if (benchSelected('search')) {
  for (const line of formatSearchBenchmark(await searchBenchmark())) console.log(line)
}

if (benchSelected('web')) {
  await buildWebApp()
  const server = await startServer()
  try {
    const js = await measureFirstVisitJs(server)
    console.log('\nJavaScript downloaded by a first visit to / (gzip -9)')
    for (const file of js.files) console.log(`  ${(file.gzipBytes / 1024).toFixed(1).padStart(7)} KiB  ${file.url}`)
    const kib = js.totalGzipBytes / 1024
    console.log(`  total ${kib.toFixed(1)} KiB   (budget 150, goal 120; ratio to budget ${(kib / 150).toFixed(2)})`)

    // Lighthouse scales its CPU throttling by a benchmark of this machine, but other load on it
    // (a busy CI box) still lowers the performance score: run it on an idle machine.
    const audit = await lighthouseMobile(`${server.baseUrl}/`)
    console.log('\nLighthouse mobile on / (emulated phone, throttled 4G)')
    console.log(
      `  performance   ${String(audit.performance).padStart(3)}   (goal ≥ 95; ratio ${(audit.performance / 95).toFixed(2)}; runs ${audit.runs.join(' ')})`,
    )
    console.log(
      `  accessibility ${String(audit.accessibility).padStart(3)}   (goal ≥ 95; ratio ${(audit.accessibility / 95).toFixed(2)})`,
    )
    for (const shortfall of audit.shortfalls.slice(0, 8)) {
      console.log(
        `    ${String(shortfall.score).padStart(3)}  ${shortfall.title}${shortfall.displayValue ? ` — ${shortfall.displayValue}` : ''}`,
      )
    }
  } finally {
    await server.stop()
  }
}

if (benchSelected('descramble')) {
  for (const line of formatDescrambleBenchmark(await descrambleBenchmark())) console.log(line)
}

if (benchSelected('flood')) {
  for (const line of formatFloodBenchmark(await floodBenchmark())) console.log(line)
}

if (benchSelected('cluster')) {
  for (const line of formatClusterBenchmark(await clusterBenchmark())) console.log(line)
}
