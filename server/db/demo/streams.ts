import { cp, mkdir, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, asc, eq } from 'drizzle-orm'
import { PREVIEW_DIR, PREVIEW_PLAYLIST } from '../../media-pipeline/preview.ts'
import type { Rendition } from '../../media-pipeline/transcode.ts'
import type { Db } from '../client.ts'
import { videos } from '../schema/media.ts'
import { videoStreams } from '../schema/watch.ts'
import { demoVideos } from './catalogue.ts'
import { exists } from '../../media-pipeline/files.ts'

/**
 * The demo streams (issue 4, "Demo content"): twelve short HLS streams made by
 * scripts/make-demo-streams.ts and committed under assets/demo-streams/, so `npm start` plays
 * video on a machine without ffmpeg. Each belongs to one of the first twelve demo catalogue
 * videos (eight long, four short; free, VIP and priced). The locked ones and two free ones are
 * AES-128 encrypted; their keys are in the committed index.json — fine for demo content only.
 * The priced ones also carry an unencrypted preview (`<slug>/preview/`, media/play's previewLines).
 */

export interface DemoStream {
  slug: string
  /** Index into demoVideos(); its contentType decides landscape or portrait. */
  video: number
  /** RGB hex of the picture's background. */
  colour: string
  seconds: number
  encrypted: boolean
}

const COLOURS = [
  'c0392b',
  '2980b9',
  'e84393',
  'd35400',
  '8e44ad',
  '00b894',
  '2c3e50',
  '27ae60',
  '0984e3',
  'f39c12',
  '16a085',
  '6c5ce7',
]
/** Catalogue indexes 0–11: locked (VIP or priced) ones are 1, 3, 4, 6, 10, 11; 5 and 7 are free. */
const ENCRYPTED = new Set([1, 3, 4, 5, 6, 7, 10, 11])

export const DEMO_STREAMS: DemoStream[] = COLOURS.map((colour, video) => ({
  slug: `demo-${String(video + 1).padStart(2, '0')}`,
  video,
  colour,
  seconds: 4 + (video % 3),
  encrypted: ENCRYPTED.has(video),
}))

/** What the script writes to index.json per stream. */
export interface DemoStreamEntry {
  slug: string
  durationSeconds: number
  renditions: Rendition[]
  /** The AES-128 key in hex, for encrypted streams. */
  keyHex?: string
  /** Seconds of the unencrypted preview in `<slug>/preview/` (priced videos only). */
  previewSeconds?: number
}

/** The committed streams, beside the repository's other assets. */
export const DEMO_STREAMS_DIR = fileURLToPath(new URL('../../../assets/demo-streams', import.meta.url))
/** Under `${DATA_DIR}/media`: the demo streams' `video_streams.dir` is `demo/<slug>`. */
export const DEMO_MEDIA_SUBDIR = 'demo'

/** The committed index, or null when the streams are not there (a deploy without assets/). */
export async function readDemoStreamIndex(dir = DEMO_STREAMS_DIR): Promise<DemoStreamEntry[] | null> {
  let text: string
  try {
    text = await readFile(join(dir, 'index.json'), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  return JSON.parse(text) as DemoStreamEntry[]
}

/**
 * Copies each committed demo stream to `${mediaDir}/demo/<slug>` unless it is there already
 * (a copy is made beside its place and renamed, so an interrupted start leaves no half
 * stream). Runs on every start: a wiped data directory, or a second server on the same
 * PostgreSQL, gets the files the database already points at.
 */
export async function installDemoStreams(mediaDir: string, sourceDir = DEMO_STREAMS_DIR): Promise<void> {
  const entries = await readDemoStreamIndex(sourceDir)
  if (!entries) return
  const target = join(mediaDir, DEMO_MEDIA_SUBDIR)
  await mkdir(target, { recursive: true })
  for (const entry of entries) {
    const dir = join(target, entry.slug)
    if (await exists(join(dir, 'master.m3u8'))) {
      // Installed by a version without previews: the preview comes on its own.
      if (entry.previewSeconds && !(await exists(join(dir, PREVIEW_PLAYLIST)))) {
        await copyInPlace(join(sourceDir, entry.slug, PREVIEW_DIR), join(dir, PREVIEW_DIR))
      }
      continue
    }
    await copyInPlace(join(sourceDir, entry.slug), dir)
  }
}

/** Copies `from` beside `to` and renames it into place, so an interrupted start leaves no half copy. */
async function copyInPlace(from: string, to: string): Promise<void> {
  const partial = join(dirname(to), `.${basename(to)}.partial-${process.pid}`)
  await rm(partial, { recursive: true, force: true })
  await cp(from, partial, { recursive: true })
  await rm(to, { recursive: true, force: true })
  await rename(partial, to).catch(async (error: NodeJS.ErrnoException) => {
    // Another server sharing this directory installed it meanwhile.
    await rm(partial, { recursive: true, force: true })
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
  })
}

/**
 * Gives the demo catalogue's first twelve videos their streams (rows only; the files are
 * installDemoStreams'), and their durations the streams' own. Only while no video has a
 * stream, so an operator's streams are never mixed with demo ones; a database whose catalogue
 * was seeded before streams existed gains them, the videos found by their demo titles.
 */
export async function linkDemoStreams(db: Db, now: Date, sourceDir = DEMO_STREAMS_DIR): Promise<void> {
  const entries = await readDemoStreamIndex(sourceDir)
  if (!entries) return
  // Demo streams linked by a version without previews gain theirs (installDemoStreams copies the files).
  for (const entry of entries) {
    if (!entry.previewSeconds) continue
    await db
      .update(videoStreams)
      .set({ previewSeconds: entry.previewSeconds })
      .where(and(eq(videoStreams.dir, `${DEMO_MEDIA_SUBDIR}/${entry.slug}`), eq(videoStreams.previewSeconds, 0)))
  }
  const any = await db.select({ id: videoStreams.videoId }).from(videoStreams).limit(1)
  if (any.length > 0) return
  const catalogue = demoVideos(now)
  for (const stream of DEMO_STREAMS) {
    const entry = entries.find((candidate) => candidate.slug === stream.slug)
    const video = catalogue[stream.video]
    if (!entry || !video) continue
    const found = await db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.title, video.title), eq(videos.contentType, video.contentType)))
      .orderBy(asc(videos.id))
      .limit(1)
    const videoId = found[0]?.id
    if (videoId === undefined) continue
    await db.insert(videoStreams).values({
      videoId,
      dir: `${DEMO_MEDIA_SUBDIR}/${entry.slug}`,
      encrypted: entry.keyHex !== undefined,
      key: entry.keyHex === undefined ? null : Uint8Array.from(Buffer.from(entry.keyHex, 'hex')),
      renditions: entry.renditions,
      previewSeconds: entry.previewSeconds ?? 0,
      createdAt: now,
    })
    await db.update(videos).set({ duration: entry.durationSeconds }).where(eq(videos.id, videoId))
  }
}
