/**
 * Makes the demo HLS streams committed under assets/demo-streams/ (server/media-pipeline/README.md):
 * one per entry of DEMO_STREAMS (server/db/demo/streams.ts), each a colour field with a moving
 * square, a label "演示视频 N" (not a catalogue title: later demo videos share these streams)
 * and a running clock (so a browser test can see it play), landscape for long videos and
 * portrait for short ones, 4–6 s, two small renditions, 2 s segments. Writes `<out>/<slug>/`
 * (master.m3u8, renditions) and `<out>/index.json`.
 *
 *   npx tsx scripts/make-demo-streams.ts [outDir]
 *   npx tsx scripts/make-demo-streams.ts --previews [outDir]
 *
 * Encrypted entries get a random AES-128 key, written in hex into index.json — fine for demo
 * content, never for real uploads. Their playlists' key URI is a placeholder: /hls rewrites it
 * to the video's key endpoint. Default outDir: assets/demo-streams (about 2 MB in all).
 *
 * Priced videos also get an unencrypted preview (`<slug>/preview/`, see
 * server/media-pipeline/preview.ts): their first segment, as PREVIEW_SECONDS' cap of a third of
 * the video allows. `--previews` adds only the missing previews to the streams already in outDir
 * (decrypting with the keys in index.json; no ffmpeg needed), so the other files stay as they are.
 */
import { execFile } from 'node:child_process'
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { demoVideos } from '../server/db/demo/catalogue.ts'
import { DEMO_STREAMS, DEMO_STREAMS_DIR, type DemoStream, type DemoStreamEntry } from '../server/db/demo/streams.ts'
import { locateFfmpeg } from '../server/media-pipeline/ffmpeg.ts'
import { writePreview } from '../server/media-pipeline/preview.ts'
import { transcodeToHls } from '../server/media-pipeline/transcode.ts'

const run = promisify(execFile)

/** Any font with CJK glyphs draws the Chinese labels; Latin fonts at least draw the clock. */
const FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
]
/** Keys are placeholders on disk; see the module comment. */
const KEY_URI_PLACEHOLDER = 'key'
/** As PREVIEW_SECONDS' default; a third of these 4–6 s videos caps it to one 2 s segment. */
const DEMO_PREVIEW_SECONDS = 15

async function firstExisting(paths: readonly string[]): Promise<string | null> {
  for (const path of paths) {
    try {
      await access(path)
      return path
    } catch {
      // try the next one
    }
  }
  return null
}

/** The source clip: a colour field, a moving square, the label and the clock when a font exists. */
async function makeSource(ffmpeg: string, demo: Demo, dir: string, font: string | null) {
  const [width, height] = demo.portrait ? [180, 320] : [320, 180]
  const path = join(dir, `${demo.slug}.mp4`)
  const text = (value: string, y: string, size: number) =>
    `drawtext=fontfile=${font}:text='${value}':fontcolor=white:fontsize=${size}:x=(w-text_w)/2:y=${y}`
  const overlays = font ? [text(demo.label, 'h*0.3', 22), text('%{pts\\:hms}', 'h*0.55', 16)] : []
  const side = Math.round(Math.min(width, height) / 5)
  const graph = [
    `color=c=0x${demo.colour}:s=${width}x${height}:r=25:d=${demo.seconds}[bg]`,
    `color=c=white@0.8:s=${side}x${side}:r=25:d=${demo.seconds}[pattern]`,
    `[bg][pattern]overlay=x='(W-w)*(0.5+0.4*sin(t))':y=H-h-8${overlays.map((o) => `,${o}`).join('')}[v]`,
    `sine=frequency=${demo.tone}:duration=${demo.seconds},volume=0.2[a]`,
  ].join(';')
  await run(ffmpeg, [
    ...['-hide_banner', '-nostdin', '-v', 'error'],
    ...['-filter_complex', graph, '-map', '[v]', '-map', '[a]'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', path],
  ])
  return path
}

interface Demo extends DemoStream {
  /** What the picture says: the stream's number, as several catalogue videos play it. */
  label: string
  portrait: boolean
  tone: number
  /** Sold for diamonds: gets a preview. */
  priced: boolean
}

/** `--previews`: the missing previews of priced streams, from the committed segments. */
async function addPreviews(outDir: string, demos: readonly Demo[]) {
  const index = JSON.parse(await readFile(join(outDir, 'index.json'), 'utf8')) as DemoStreamEntry[]
  for (const entry of index) {
    const demo = demos.find((candidate) => candidate.slug === entry.slug)
    const lowest = entry.renditions[0]
    if (!demo?.priced || entry.previewSeconds || !lowest) continue
    const preview = await writePreview({
      streamDir: join(outDir, entry.slug),
      rendition: lowest.name,
      seconds: DEMO_PREVIEW_SECONDS,
      ...(entry.keyHex && { key: Uint8Array.from(Buffer.from(entry.keyHex, 'hex')) }),
    })
    if (preview) entry.previewSeconds = preview.seconds
    console.log(`${entry.slug} ${demo.label}: ${preview ? `${preview.seconds} s preview` : 'too short for a preview'}`)
  }
  await writeFile(join(outDir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`)
}

async function main() {
  const args = process.argv.slice(2)
  const previewsOnly = args.includes('--previews')
  const outDir = resolve(args.find((arg) => !arg.startsWith('--')) ?? DEMO_STREAMS_DIR)
  const catalogue = demoVideos(new Date())
  const demos: Demo[] = DEMO_STREAMS.map((stream, i) => {
    const video = catalogue[stream.video]
    if (!video) throw new Error(`${stream.slug}: no demo video ${stream.video}`)
    return {
      ...stream,
      label: `演示视频 ${i + 1}`,
      portrait: video.contentType === 2,
      tone: 220 + 40 * i,
      priced: video.price > 0,
    }
  })
  if (previewsOnly) {
    await addPreviews(outDir, demos)
    return
  }

  const tools = await locateFfmpeg()
  const font = await firstExisting(FONTS)
  if (!font) console.warn('no CJK or DejaVu font found: the streams will have no label text')
  await rm(outDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  const work = await mkdtemp(join(tmpdir(), 'marquee-demo-'))
  const index: DemoStreamEntry[] = []
  try {
    for (const demo of demos) {
      const source = await makeSource(tools.ffmpeg, demo, work, font)
      const result = await transcodeToHls({
        input: source,
        outputDir: join(outDir, demo.slug),
        audioKbps: 32,
        segmentSeconds: 2,
        ...(demo.encrypted && { encryption: { keyUri: KEY_URI_PLACEHOLDER } }),
        ...(demo.priced && { preview: { seconds: DEMO_PREVIEW_SECONDS } }),
      })
      index.push({
        slug: demo.slug,
        durationSeconds: Math.round(result.durationSeconds),
        renditions: result.renditions,
        ...(result.key && { keyHex: Buffer.from(result.key).toString('hex') }),
        ...(result.preview && { previewSeconds: result.preview.seconds }),
      })
      console.log(`${demo.slug} ${demo.label}: ${result.renditions.map((r) => r.name).join(', ')}`)
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
  await writeFile(join(outDir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`)
  console.log(`wrote ${demos.length} streams to ${outDir}`)
}

await main()
