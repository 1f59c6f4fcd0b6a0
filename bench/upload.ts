/**
 * The `upload` section (bench/README.md): upload/video's chunked protocol (1 MB chunks, 3 in
 * flight, signed like the app sends them) ÷ one plain request of the same bytes written to a
 * file, on the real app in this process, on in-memory PGlite and on a throw-away PostgreSQL.
 */
import { execFile } from 'node:child_process'
import { createWriteStream, mkdtempSync } from 'node:fs'
import { mkdir, open as openFile, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import multipart from '@fastify/multipart'
import { open } from '../core/protocol/envelope.ts'
import { chunkCount, UPLOAD_CHUNK_SIZE, UPLOAD_SIMULTANEOUS_CHUNKS } from '../core/contracts/upload.ts'
import { buildApp } from '../server/app.ts'
import { parseConfig } from '../server/config.ts'
import { openPostgres, wrapPglite, type Database } from '../server/db/client.ts'
import { locateFfmpeg, probe } from '../server/media-pipeline/ffmpeg.ts'
import { crypto, median, ROUNDS, secret, signedApiKey, signedHeaders } from './load.ts'
import { startPostgres, type ThrowawayPostgres } from './postgres.ts'

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

export type UploadDatabase = 'pglite' | 'postgres'

export interface UploadFigure {
  database: UploadDatabase
  bytes: number
  plainMs: number[]
  chunkedMs: number[]
  /** The same chunks to a route that only parses them and writes them at their offset. */
  floorMs: number[]
  /** ffprobe of the whole file alone, as the last chunk runs it. */
  probeMs: number[]
}

export async function uploadThroughput(kind: UploadDatabase): Promise<UploadFigure> {
  const work = mkdtempSync(join(tmpdir(), 'marquee-bench-upload-'))
  let postgres: ThrowawayPostgres | null = null
  let database: Database
  if (kind === 'postgres') {
    postgres = await startPostgres()
    database = openPostgres(postgres.url)
  } else {
    database = wrapPglite(new PGlite())
  }
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
  // The floor of the chunked side: what any chunked upload over HTTP costs here, without the
  // signature, the session, the database or the probe.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 2 * UPLOAD_CHUNK_SIZE, files: 1 } })
    scope.post('/bench/multipart-chunk', async (request) => {
      const fields = new Map<string, unknown>()
      let chunk: Buffer | null = null
      for await (const part of request.parts()) {
        if (part.type === 'file') chunk = await part.toBuffer()
        else fields.set(part.fieldname, part.value)
      }
      const chunkNumber = Number(fields.get('chunkNumber'))
      const file = await openFile(join(config.dataDir, 'uploads', `floor-${String(fields.get('identifier'))}`), 'a')
      try {
        await file.write(chunk ?? Buffer.alloc(0), 0, chunk?.length ?? 0, (chunkNumber - 1) * UPLOAD_CHUNK_SIZE)
      } finally {
        await file.close()
      }
      return { data: { done: chunkNumber === Number(fields.get('totalChunks')) } }
    })
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
    /**
     * One upload's chunks as the multipart bodies simple-uploader sends (the parameters as
     * fields, then the chunk as the file part), encoded before the round is timed: the plain side
     * sends a ready buffer too, so the load generator, which shares this process's event loop
     * with the server, costs the same per byte on both sides.
     */
    const encodeChunks = () => {
      const identifier = `bench-${uploads++}`
      const totalChunks = chunkCount(video.length, UPLOAD_CHUNK_SIZE)
      const boundary = `----marquee-bench-${identifier}`
      return Array.from({ length: totalChunks }, (_, index) => {
        const start = index * UPLOAD_CHUNK_SIZE
        const end = index === totalChunks - 1 ? video.length : start + UPLOAD_CHUNK_SIZE
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
        const head = Object.entries(fields)
          .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
          .join('')
        const file = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="blob"\r\ncontent-type: application/octet-stream\r\n\r\n`
        const body = Buffer.concat([
          Buffer.from(head + file),
          video.subarray(start, end),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ])
        return { body, contentType: `multipart/form-data; boundary=${boundary}` }
      })
    }
    const chunked = async (chunks: ReturnType<typeof encodeChunks>, path = '/api/app/upload/video') => {
      const send = async (index: number) => {
        const { body, contentType } = chunks[index]!
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { ...signedHeaders(signedApiKey(path, token), token), 'content-type': contentType },
          body,
        })
        if (!response.ok) throw new Error(`chunk ${index + 1}: ${response.status} ${await response.text()}`)
        return (await response.json()) as { data: { done: boolean } }
      }
      // simple-uploader's way: at most 3 chunks in flight, the next sent as one finishes.
      let next = 0
      let done = false
      await Promise.all(
        Array.from({ length: UPLOAD_SIMULTANEOUS_CHUNKS }, async () => {
          while (next < chunks.length) {
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
    await chunked(encodeChunks())
    const tools = await locateFfmpeg()
    const probed = join(work, 'probed.mov')
    await writeFile(probed, video)
    const figure: UploadFigure = {
      database: kind,
      bytes: video.length,
      plainMs: [],
      chunkedMs: [],
      floorMs: [],
      probeMs: [],
    }
    for (let round = 0; round < Math.max(ROUNDS, 5); round++) {
      figure.plainMs.push(await timed(plain))
      const chunks = encodeChunks()
      figure.chunkedMs.push(await timed(() => chunked(chunks)))
      const floorChunks = encodeChunks()
      figure.floorMs.push(await timed(() => chunked(floorChunks, '/bench/multipart-chunk')))
      figure.probeMs.push(await timed(async () => void (await probe(tools, probed))))
    }
    return figure
  } finally {
    await app.close()
    await database.close()
    await postgres?.stop()
    await rm(work, { recursive: true, force: true })
  }
}

export function formatUploadThroughput(figure: UploadFigure): string[] {
  const mb = figure.bytes / (1024 * 1024)
  const rate = (ms: number) => mb / (ms / 1000)
  const ratios = figure.plainMs.map((plain, i) => plain / figure.chunkedMs[i]!)
  const ceilings = figure.plainMs.map((plain, i) => plain / (figure.floorMs[i]! + figure.probeMs[i]!))
  const overheads = figure.chunkedMs.map((chunked, i) => chunked - figure.floorMs[i]! - figure.probeMs[i]!)
  const chunks = chunkCount(figure.bytes, UPLOAD_CHUNK_SIZE)
  const line = (label: string, ms: number[], note: string) =>
    `  ${label.padEnd(8)} ${rate(median(ms)).toFixed(1).padStart(7)} MB/s  (${median(ms).toFixed(0)} ms${note})`
  return [
    `\nChunked upload/video (1 MB chunks, ${UPLOAD_SIMULTANEOUS_CHUNKS} in flight) vs one plain request, ${figure.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${mb.toFixed(1)} MB, ${ratios.length} rounds (medians)`,
    line('plain', figure.plainMs, ''),
    line('chunked', figure.chunkedMs, ", the last chunk's ffprobe included"),
    line('floor', figure.floorMs, ': the same chunks parsed and written, unsigned, no database, no probe'),
    `  ffprobe  ${median(figure.probeMs).toFixed(0).padStart(7)} ms       (the last chunk's probe alone)`,
    `  ratio chunked ÷ plain ${median(ratios).toFixed(2)} (rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')})   target ≥ 0.7`,
    `  ceiling plain ÷ (floor + ffprobe) ${median(ceilings).toFixed(2)} (rounds ${ceilings.map((ratio) => ratio.toFixed(2)).join(' ')})`,
    `  the protocol's own cost, chunked − floor − ffprobe: ${median(overheads).toFixed(0)} ms, ${(median(overheads) / chunks).toFixed(1)} ms a chunk (rounds ${overheads.map((ms) => ms.toFixed(0)).join(' ')})`,
  ]
}
