import { cp, mkdir, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { PREVIEW_DIR, PREVIEW_PLAYLIST } from '../../media-pipeline/preview.ts'
import type { Rendition } from '../../media-pipeline/transcode.ts'
import type { Db } from '../client.ts'
import { videos } from '../schema/catalogue.ts'
import { videoStreams } from '../schema/streams.ts'
import { demoVideos, type DemoVideo } from './catalogue.ts'
import { exists } from '../../media-pipeline/files.ts'

/**
 * The demo streams (server/media-pipeline/README.md): twelve short HLS streams made by
 * scripts/make-demo-streams.ts and committed under assets/demo-streams/, so `npm start` plays
 * video on a machine without ffmpeg. Each is made for one of the first twelve demo catalogue
 * videos (eight long, four short; free, VIP and priced); later videos share them
 * (demoStreamOf). The locked ones and two free ones are AES-128 encrypted; their keys are in
 * the committed index.json — fine for demo content only.
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
const DEMO_MEDIA_SUBDIR = 'demo'

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
 * The committed stream each demo video plays: the first twelve their own, every later one
 * one of those of its shape (landscape or portrait), encrypted if the video is locked (the
 * key is what entitlement guards), and with a preview if it is priced, where there is one.
 * So every demo card plays. Videos sharing a stream share its key, which is fine for demo
 * pictures that are the same anyway.
 */
function demoStreamOf(videoIndex: number, catalogue: DemoVideo[]): DemoStream | undefined {
  const own = DEMO_STREAMS.find((stream) => stream.video === videoIndex)
  if (own) return own
  const video = catalogue[videoIndex]
  if (!video) return undefined
  const priced = (candidate: DemoVideo) => candidate.price > 0
  const locked = priced(video) || video.vip > 0
  const usable = DEMO_STREAMS.filter(
    (stream) => catalogue[stream.video]?.contentType === video.contentType && (stream.encrypted || !locked),
  )
  const alike = usable.filter((stream) => priced(catalogue[stream.video]!) === priced(video))
  const candidates = alike.length > 0 ? alike : usable
  return candidates[videoIndex % candidates.length]
}

/**
 * Gives every demo catalogue video its stream (rows only; the files are installDemoStreams'),
 * and its duration the stream's own. Only while no video has a stream, so an operator's
 * streams are never mixed with demo ones; a database whose catalogue was seeded before
 * streams existed gains them, the videos found by their demo titles.
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
  // One query each way, not three per video: seeding runs in many tests.
  const idOf = new Map<string, number>()
  const rows = await db
    .select({ id: videos.id, title: videos.title, contentType: videos.contentType })
    .from(videos)
    .where(inArray(videos.title, [...new Set(catalogue.map((video) => video.title))]))
    .orderBy(asc(videos.id))
  for (const row of rows) {
    const key = `${row.contentType} ${row.title}`
    if (!idOf.has(key)) idOf.set(key, row.id)
  }
  const links = catalogue.flatMap((video, index) => {
    const slug = demoStreamOf(index, catalogue)?.slug
    const entry = entries.find((candidate) => candidate.slug === slug)
    const videoId = idOf.get(`${video.contentType} ${video.title}`)
    return entry && videoId !== undefined ? [{ videoId, entry }] : []
  })
  if (links.length === 0) return
  await db.insert(videoStreams).values(
    links.map(({ videoId, entry }) => ({
      videoId,
      dir: `${DEMO_MEDIA_SUBDIR}/${entry.slug}`,
      encrypted: entry.keyHex !== undefined,
      key: entry.keyHex === undefined ? null : Uint8Array.from(Buffer.from(entry.keyHex, 'hex')),
      renditions: entry.renditions,
      previewSeconds: entry.previewSeconds ?? 0,
      createdAt: now,
    })),
  )
  for (const entry of entries) {
    const ids = links.filter((link) => link.entry === entry).map((link) => link.videoId)
    if (ids.length > 0) await db.update(videos).set({ duration: entry.durationSeconds }).where(inArray(videos.id, ids))
  }
}
