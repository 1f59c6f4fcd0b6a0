/**
 * Makes small demo HLS streams with the media pipeline (issue 4, "Demo content"): twelve
 * ffmpeg test pictures of distinct colours, each showing its title and a running clock (so a
 * browser test can see it play), eight landscape for long videos and four portrait for the
 * short feed. Writes `<out>/<slug>/` (master.m3u8, renditions) and `<out>/index.json`.
 *
 *   npx tsx scripts/make-demo-streams.ts [outDir] [--key-uri '/api/media/key/{slug}']
 *
 * With --key-uri the streams are AES-128 encrypted and index.json holds each key in hex —
 * fine for demo content, never for real uploads. Default outDir: .data/demo-streams.
 */
import { execFile } from 'node:child_process'
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { locateFfmpeg } from '../server/media-pipeline/ffmpeg.ts'
import { transcodeToHls } from '../server/media-pipeline/transcode.ts'

const run = promisify(execFile)

interface Demo {
  slug: string
  title: string
  colour: string
  seconds: number
  portrait: boolean
}

const COLOURS = ['c0392b', 'd35400', 'f39c12', '27ae60', '16a085', '2980b9', '8e44ad', '2c3e50']
const SHORT_COLOURS = ['e84393', '00b894', '0984e3', '6c5ce7']

const DEMOS: Demo[] = [
  ...COLOURS.map((colour, i) => ({
    slug: `long-${String(i + 1).padStart(2, '0')}`,
    title: `Demo ${i + 1}`,
    colour,
    seconds: 8 + 2 * i,
    portrait: false,
  })),
  ...SHORT_COLOURS.map((colour, i) => ({
    slug: `short-${String(i + 1).padStart(2, '0')}`,
    title: `Short ${i + 1}`,
    colour,
    seconds: 6 + 2 * i,
    portrait: true,
  })),
]

const FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
]

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

/** The source clip: a colour field, a moving square, the title and the clock when a font exists. */
async function makeSource(ffmpeg: string, demo: Demo, index: number, dir: string, font: string | null) {
  const [width, height] = demo.portrait ? [360, 640] : [640, 360]
  const path = join(dir, `${demo.slug}.mp4`)
  const text = (value: string, y: string, size: number) =>
    `drawtext=fontfile=${font}:text='${value}':fontcolor=white:fontsize=${size}:x=(w-text_w)/2:y=${y}`
  const overlays = font ? [text(demo.title, 'h*0.3', 48), text('%{pts\\:hms}', 'h*0.6', 32)] : []
  const graph = [
    `color=c=0x${demo.colour}:s=${width}x${height}:r=25:d=${demo.seconds}[bg]`,
    `color=c=white@0.8:s=${Math.round(width / 8)}x${Math.round(width / 8)}:r=25:d=${demo.seconds}[pattern]`,
    `[bg][pattern]overlay=x='(W-w)*(0.5+0.4*sin(t))':y=H-h-16${overlays.map((o) => `,${o}`).join('')}[v]`,
    `sine=frequency=${220 + 40 * index}:duration=${demo.seconds},volume=0.2[a]`,
  ].join(';')
  await run(ffmpeg, [
    ...['-hide_banner', '-nostdin', '-v', 'error'],
    ...['-filter_complex', graph, '-map', '[v]', '-map', '[a]'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', path],
  ])
  return path
}

async function main() {
  const args = process.argv.slice(2)
  const keyFlag = args.indexOf('--key-uri')
  const keyUri = keyFlag >= 0 ? args.splice(keyFlag, 2)[1] : undefined
  if (keyFlag >= 0 && !keyUri) throw new Error('--key-uri needs a value, e.g. /api/media/key/{slug}')
  const outDir = resolve(args[0] ?? '.data/demo-streams')

  const tools = await locateFfmpeg()
  const font = await firstExisting(FONTS)
  if (!font) console.warn('no DejaVu/Liberation font found: the streams will have no title text')
  await rm(outDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  const work = await mkdtemp(join(tmpdir(), 'marquee-demo-'))
  const index = []
  try {
    for (const [i, demo] of DEMOS.entries()) {
      const source = await makeSource(tools.ffmpeg, demo, i, work, font)
      const result = await transcodeToHls({
        input: source,
        outputDir: join(outDir, demo.slug),
        audioKbps: 32,
        ...(keyUri && { encryption: { keyUri: keyUri.replaceAll('{slug}', demo.slug) } }),
      })
      await writeFile(join(outDir, `${demo.slug}.jpg`), result.coverJpeg)
      index.push({
        slug: demo.slug,
        title: demo.title,
        kind: demo.portrait ? 'short' : 'long',
        durationSeconds: Math.round(result.durationSeconds),
        master: `${demo.slug}/${result.masterPlaylistPath}`,
        cover: `${demo.slug}.jpg`,
        renditions: result.renditions.map(({ name, width, height, bandwidth }) => ({ name, width, height, bandwidth })),
        ...(result.key && { keyHex: Buffer.from(result.key).toString('hex') }),
      })
      console.log(`${demo.slug}: ${result.renditions.map((r) => r.name).join(', ')}`)
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
  await writeFile(join(outDir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`)
  console.log(`wrote ${DEMOS.length} streams to ${outDir}`)
}

await main()
