/**
 * The `upload` section (bench/README.md): upload/video's chunked protocol (1 MB chunks, 3 in
 * flight, signed like the app sends them) ÷ one plain request of the same bytes written to a
 * file, on the real app in this process (in-memory PGlite).
 */
import { execFile } from 'node:child_process'
import { createWriteStream, mkdtempSync } from 'node:fs'
import { mkdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { open } from '../core/protocol/envelope.ts'
import { chunkCount, UPLOAD_CHUNK_SIZE, UPLOAD_SIMULTANEOUS_CHUNKS } from '../core/contracts/upload.ts'
import { buildApp } from '../server/app.ts'
import { parseConfig } from '../server/config.ts'
import { wrapPglite } from '../server/db/client.ts'
import { crypto, median, ROUNDS, secret, signedApiKey, signedHeaders } from './load.ts'

const run = promisify(execFile)

/** A real video (the last chunk probes it) of about 32 MB, a phone clip's size: 720p Motion JPEG at high quality. */
async function makeVideo(dir: string): Promise<Buffer> {
  const path = join(dir, 'bench.mov')
  await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-v', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=20'],
    ...['-c:v', 'mjpeg', '-q:v', '1', '-fs', String(32 * 1024 * 1024), path],
  ])
  return readFile(path)
}

export interface UploadFigure {
  bytes: number
  plainMs: number[]
  chunkedMs: number[]
}

export async function uploadThroughput(): Promise<UploadFigure> {
  const work = mkdtempSync(join(tmpdir(), 'marquee-bench-upload-'))
  const pglite = new PGlite()
  const database = wrapPglite(pglite)
  await database.migrate()
  const config = {
    ...parseConfig({}),
    dataDir: join(work, 'data'),
    staticDir: '/nonexistent/marquee-dist',
    rateLimitPerIp: 0,
    rateLimitPerSession: 0,
    // Room for the plain request's whole file.
    bodyLimitBytes: 100 * 1024 * 1024,
  }
  const app = await buildApp({ config, db: database.db, log: { level: 'warn' } })
  // The plain side: the same bytes in one request, streamed into a file like the chunks are.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload))
  let plainFiles = 0
  app.post('/bench/plain-upload', async (request) => {
    const path = join(config.dataDir, 'uploads', `plain-${plainFiles++}`)
    await pipeline(request.body as NodeJS.ReadableStream, createWriteStream(path))
    return { size: (await stat(path)).size }
  })
  await mkdir(join(config.dataDir, 'uploads'), { recursive: true })
  await app.listen({ host: '127.0.0.1', port: 0 })
  // Transcoding would compete with the uploads for the two cores.
  await app.jobs.stop()
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  try {
    const video = await makeVideo(work)
    const loginPath = '/api/app/login/guest'
    const login = await fetch(`${base}${loginPath}`, {
      method: 'POST',
      headers: { ...signedHeaders(signedApiKey(loginPath)), 'content-type': 'application/json' },
      body: JSON.stringify({ devID: 'bench-upload-device', affCode: '', token: '' }),
    })
    const answer = (await login.json()) as { hash?: string }
    const opened = (answer.hash ? open(crypto, secret, answer as never) : answer) as { data: { token: string } }
    const token = opened.data.token

    const plain = async () => {
      const response = await fetch(`${base}/bench/plain-upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: video,
      })
      if (!response.ok) throw new Error(`plain upload: ${response.status}`)
    }
    let uploads = 0
    const chunked = async () => {
      const path = '/api/app/upload/video'
      const identifier = `bench-${uploads++}`
      const totalChunks = chunkCount(video.length, UPLOAD_CHUNK_SIZE)
      const send = async (index: number) => {
        const start = index * UPLOAD_CHUNK_SIZE
        const end = index === totalChunks - 1 ? video.length : start + UPLOAD_CHUNK_SIZE
        const form = new FormData()
        const fields = {
          chunkNumber: index + 1,
          chunkSize: UPLOAD_CHUNK_SIZE,
          currentChunkSize: end - start,
          totalSize: video.length,
          identifier,
          filename: 'bench.mov',
          relativePath: 'bench.mov',
          totalChunks,
        }
        for (const [name, value] of Object.entries(fields)) form.append(name, String(value))
        form.append('file', new Blob([video.subarray(start, end)]), 'blob')
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: signedHeaders(signedApiKey(path, token), token),
          body: form,
        })
        if (!response.ok) throw new Error(`chunk ${index + 1}: ${response.status} ${await response.text()}`)
        return (await response.json()) as { data: { done: boolean } }
      }
      // simple-uploader's way: at most 3 chunks in flight, the next sent as one finishes.
      let next = 0
      let done = false
      await Promise.all(
        Array.from({ length: UPLOAD_SIMULTANEOUS_CHUNKS }, async () => {
          while (next < totalChunks) {
            const answer = await send(next++)
            done ||= answer.data.done
          }
        }),
      )
      if (!done) throw new Error('the chunked upload did not finish')
    }
    const timed = async (step: () => Promise<void>) => {
      const started = performance.now()
      await step()
      return performance.now() - started
    }

    await plain() // warm-up: JIT, connections
    await chunked()
    const figure: UploadFigure = { bytes: video.length, plainMs: [], chunkedMs: [] }
    for (let round = 0; round < Math.max(ROUNDS, 5); round++) {
      figure.plainMs.push(await timed(plain))
      figure.chunkedMs.push(await timed(chunked))
    }
    return figure
  } finally {
    await app.close()
    await pglite.close()
    await rm(work, { recursive: true, force: true })
  }
}

export function formatUploadThroughput(figure: UploadFigure): string[] {
  const mb = figure.bytes / (1024 * 1024)
  const rate = (ms: number) => mb / (ms / 1000)
  const ratios = figure.plainMs.map((plain, i) => plain / figure.chunkedMs[i]!)
  return [
    `\nChunked upload/video (1 MB chunks, ${UPLOAD_SIMULTANEOUS_CHUNKS} in flight) vs one plain request, ${mb.toFixed(1)} MB, ${ratios.length} rounds (medians)`,
    `  plain    ${rate(median(figure.plainMs)).toFixed(1).padStart(7)} MB/s  (${median(figure.plainMs).toFixed(0)} ms)`,
    `  chunked  ${rate(median(figure.chunkedMs)).toFixed(1).padStart(7)} MB/s  (${median(figure.chunkedMs).toFixed(0)} ms, the last chunk's ffprobe included)`,
    `  ratio chunked ÷ plain ${median(ratios).toFixed(2)} (rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')})   target ≥ 0.7`,
  ]
}
