/**
 * One input video → a directory of HLS (README.md beside this file): H.264/AAC in MPEG-TS
 * segments, two or three renditions for adaptive bitrate, a master playlist, a cover
 * frame, and optionally AES-128 segment encryption with one random key per video.
 *
 * TS rather than fMP4 segments because ffmpeg 5.1 refuses to encrypt fMP4 HLS.
 * Everything is written into a staging directory beside `outputDir` and renamed into place
 * only when complete, so a failure (bad input, ffmpeg error, timeout, abort) leaves nothing.
 * The key file ffmpeg needs lives outside the published tree and is deleted with the staging
 * directory; the caller gets the key bytes and decides where they are kept.
 */
import { randomBytes as nodeRandomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import {
  fileUrl,
  InvalidMediaError,
  lastStderrLine,
  locateFfmpeg,
  MediaPipelineError,
  probe,
  runTool,
  TranscodeError,
  type FfmpegOptions,
  type FfmpegTools,
  type ProbeResult,
} from './ffmpeg.ts'
import { parseMasterPlaylist, parseMediaPlaylist, writeMasterPlaylist, type MediaPlaylist } from './playlist.ts'
import { writePreview, type PreviewResult } from './preview.ts'
import { exists } from './files.ts'

/** Rungs by the picture's short side (360p is 640×360 landscape or 360×640 portrait). */
const LADDER = [
  { shortSide: 360, videoKbps: 800 },
  { shortSide: 540, videoKbps: 1400 },
  { shortSide: 720, videoKbps: 2500 },
] as const
const DEFAULT_AUDIO_KBPS = 96
const MAX_FRAME_RATE = 30
/** Below this short side a second, smaller rendition would be useless. */
const MIN_SPLIT_SHORT_SIDE = 120
const MASTER_PLAYLIST = 'master.m3u8'
const FFMPEG_MASTER = 'ffmpeg-master.m3u8'

export interface RenditionPlan {
  name: string
  width: number
  height: number
  /** The video's peak rate (x264 maxrate); quality is CRF below it. */
  videoKbps: number
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2)
}

function kbpsFor(shortSide: number): number {
  const rung = LADDER.find((entry) => entry.shortSide === shortSide)
  return rung?.videoKbps ?? Math.max(150, Math.round((800 * (shortSide / 360) ** 2) / 50) * 50)
}

/**
 * The renditions for a source of this display size, smallest first: the ladder's rungs that
 * do not upscale; the source's own size when only one rung fits; and for sources smaller
 * than the ladder, the source size plus one two-thirds its size.
 */
export function planRenditions(source: { width: number; height: number }): RenditionPlan[] {
  const portrait = source.height > source.width
  const shortSide = Math.min(source.width, source.height)
  const longSide = Math.max(source.width, source.height)
  const sides: number[] = LADDER.map((rung) => rung.shortSide).filter((side) => side <= shortSide)
  if (sides.length < 2 && !sides.includes(even(shortSide))) sides.push(even(shortSide))
  if (sides.length < 2 && shortSide >= MIN_SPLIT_SHORT_SIDE) sides.unshift(even((shortSide * 2) / 3))
  return sides.map((side) => {
    const other = even((side * longSide) / shortSide)
    return {
      name: `${side}p`,
      width: portrait ? side : other,
      height: portrait ? other : side,
      videoKbps: kbpsFor(side),
    }
  })
}

/** Segment length near `target` that divides the duration evenly, so no stub segment at the end. */
export function segmentLength(durationSeconds: number, target: number): number {
  const count = Math.max(1, Math.round(durationSeconds / target))
  return Math.min(6, Math.max(2, durationSeconds / count))
}

export type TranscodeStage = 'probe' | 'cover' | 'transcode' | 'finish'

export interface TranscodeOptions extends FfmpegOptions {
  input: string
  /**
   * The containers taken (ffprobe's format names); anything else is InvalidMediaError before
   * ffmpeg opens the file. Uploads pass theirs, so a playlist never reaches the transcoder.
   */
  formats?: ReadonlySet<string>
  /** Must not exist yet; created (with its parent) only on success. */
  outputDir: string
  /** Encrypt segments with AES-128; `keyUri` goes verbatim into #EXT-X-KEY (e.g. `/api/media/key/42`). */
  encryption?: { keyUri: string }
  /**
   * Also write an unencrypted preview of the lowest rendition's first `seconds` (whole segments,
   * at most a third of the video) under `preview/`; see preview.ts.
   */
  preview?: { seconds: number }
  /** Target segment length in seconds, 2–6. Default 4. */
  segmentSeconds?: number
  /** AAC rate per rendition. Default 96. */
  audioKbps?: number
  /** x264 preset. Default `veryfast`. */
  preset?: string
  /** Where the cover frame is taken, as a fraction of the duration. Default 0.1. */
  coverAt?: number
  /** Whole transcode; default max(2 min, 3 × the duration). */
  timeoutMs?: number
  probeTimeoutMs?: number
  signal?: AbortSignal
  randomBytes?: (size: number) => Uint8Array
  onStage?: (stage: TranscodeStage) => void
}

export interface Rendition {
  name: string
  width: number
  height: number
  /** Peak segment bit rate (bits/s), as the master playlist's BANDWIDTH. */
  bandwidth: number
  averageBandwidth: number
  codecs: string
  /** Relative to outputDir, with `/` separators. */
  playlistPath: string
}

export interface TranscodeResult {
  outputDir: string
  durationSeconds: number
  segmentSeconds: number
  /** Smallest first, as listed in the master playlist. */
  renditions: Rendition[]
  /** Relative to outputDir. */
  masterPlaylistPath: string
  coverJpeg: Uint8Array
  /** The AES-128 key, only when encrypted. It is not written anywhere under outputDir. */
  key?: Uint8Array
  /** Only when a preview was asked for and the video is long enough for one. */
  preview?: PreviewResult
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}

function checkOptions(options: TranscodeOptions, outputDir: string): void {
  // ffmpeg expands % in output names and reads the key info file line by line.
  if (/[%\r\n]/.test(outputDir))
    throw new MediaPipelineError(`output directory ${outputDir} may not contain % or newlines`)
  const keyUri = options.encryption?.keyUri
  if (keyUri !== undefined && (keyUri === '' || /["\r\n]/.test(keyUri))) {
    throw new MediaPipelineError('the key URI must be non-empty without quotes or newlines')
  }
  const target = options.segmentSeconds ?? 4
  if (!(target >= 2 && target <= 6)) throw new MediaPipelineError('segmentSeconds must be between 2 and 6')
}

function failure(step: string, run: { code: number | null; stderr: string; killed: string | null }, timeoutMs: number) {
  if (run.killed === 'timeout') return new TranscodeError(`${step} timed out after ${timeoutMs} ms`, run.stderr)
  if (run.killed === 'aborted') return new TranscodeError(`${step} was aborted`, run.stderr)
  return new TranscodeError(`${step} failed (exit ${run.code}): ${lastStderrLine(run.stderr)}`, run.stderr)
}

/**
 * How every ffmpeg run opens the input: local files only, and as the demuxer the probe found, so
 * the file cannot be taken for another format (a playlist opening other files) on a second look.
 */
function inputArgs(input: string, source: ProbeResult): string[] {
  const format = source.formatName.split(',')[0] ?? source.formatName
  return ['-protocol_whitelist', 'file', '-f', format, '-i', fileUrl(input)]
}

function videoFilterHead(source: ProbeResult): string {
  return source.video.frameRate > MAX_FRAME_RATE ? `fps=${MAX_FRAME_RATE},` : ''
}

async function extractCover(
  tools: FfmpegTools,
  input: string,
  source: ProbeResult,
  size: RenditionPlan,
  at: number,
  run: { timeoutMs: number; signal?: AbortSignal },
): Promise<Uint8Array> {
  const filter = `${videoFilterHead(source)}scale=${size.width}:${size.height},setsar=1,format=yuvj420p`
  // A seek near the end can land past the last frame; the first frame is the fallback.
  for (const seconds of at > 0 ? [at, 0] : [0]) {
    const args = [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-ss', seconds.toFixed(3), ...inputArgs(input, source)],
      ...['-map', `0:${source.video.index}`, '-frames:v', '1', '-vf', filter, '-q:v', '3'],
      ...['-c:v', 'mjpeg', '-f', 'image2pipe', 'pipe:1'],
    ]
    const result = await runTool(tools.ffmpeg, args, { ...run, maxStdoutBytes: 16 * 1024 * 1024 })
    if (result.code !== 0) throw failure('extracting the cover', result, run.timeoutMs)
    const jpeg = result.stdout
    if (jpeg.length > 3 && jpeg[0] === 0xff && jpeg[1] === 0xd8 && jpeg[2] === 0xff) return new Uint8Array(jpeg)
  }
  throw new TranscodeError('extracting the cover gave no image')
}

function hlsArgs(input: string, source: ProbeResult, plan: RenditionPlan[], out: string, o: HlsArgsOptions): string[] {
  const head = videoFilterHead(source)
  const splits = plan.map((_, i) => `[s${i}]`).join('')
  const scales = plan.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1,format=yuv420p[v${i}]`)
  const graph = [`[0:${source.video.index}]${head}split=${plan.length}${splits}`, ...scales].join(';')
  const audio = source.audio
  const args = ['-hide_banner', '-nostdin', '-v', 'error', ...inputArgs(input, source), '-filter_complex', graph]
  plan.forEach((_, i) => {
    args.push('-map', `[v${i}]`)
    if (audio) args.push('-map', `0:${audio.index}`)
  })
  args.push('-c:v', 'libx264', '-preset', o.preset, '-profile:v', 'main', '-pix_fmt', 'yuv420p')
  // Capped CRF: simple pictures take few bits, busy ones stop at the rung's rate.
  args.push('-crf', '23')
  plan.forEach((r, i) => {
    args.push(`-maxrate:v:${i}`, `${r.videoKbps}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`)
  })
  // A keyframe at every segment boundary, so every segment is as long as asked.
  args.push('-force_key_frames', `expr:gte(t,n_forced*${o.segmentSeconds})`)
  if (audio) args.push('-c:a', 'aac', '-b:a', `${o.audioKbps}k`, '-ac', '2')
  args.push('-f', 'hls', '-hls_time', String(o.segmentSeconds), '-hls_playlist_type', 'vod', '-hls_list_size', '0')
  args.push('-hls_segment_type', 'mpegts', '-hls_flags', 'independent_segments')
  if (o.keyInfoFile) args.push('-hls_key_info_file', o.keyInfoFile)
  const streams = plan.map((r, i) => (audio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`))
  args.push('-master_pl_name', FFMPEG_MASTER, '-var_stream_map', streams.join(' '))
  args.push('-hls_segment_filename', join(out, '%v', 'seg_%03d.ts'), join(out, '%v', 'index.m3u8'))
  return args
}

interface HlsArgsOptions {
  preset: string
  audioKbps: number
  segmentSeconds: number
  keyInfoFile: string | null
}

async function measure(out: string, name: string): Promise<{ bandwidth: number; averageBandwidth: number }> {
  let playlist: MediaPlaylist
  try {
    playlist = parseMediaPlaylist(await readFile(join(out, name, 'index.m3u8'), 'utf8'))
  } catch (error) {
    throw new TranscodeError(`rendition ${name} has no readable playlist: ${(error as Error).message}`)
  }
  if (!playlist.endList || playlist.segments.length === 0) {
    throw new TranscodeError(`rendition ${name} is incomplete (no segments or no end)`)
  }
  let peak = 0
  let bits = 0
  let seconds = 0
  for (const segment of playlist.segments) {
    const size = (await stat(join(out, name, segment.uri))).size * 8
    peak = Math.max(peak, size / Math.max(segment.duration, 0.5))
    bits += size
    seconds += segment.duration
  }
  return { bandwidth: Math.ceil(peak), averageBandwidth: Math.ceil(bits / Math.max(seconds, 0.5)) }
}

/** Transcodes `input` into HLS under `outputDir`; see the module comment. */
export async function transcodeToHls(options: TranscodeOptions): Promise<TranscodeResult> {
  const outputDir = resolve(options.outputDir)
  checkOptions(options, outputDir)
  if (await exists(outputDir)) throw new MediaPipelineError(`${outputDir} already exists`)
  const tools = await locateFfmpeg(options)
  options.onStage?.('probe')
  const source = await probe(tools, options.input, { timeoutMs: options.probeTimeoutMs, signal: options.signal })
  const formats = options.formats
  if (formats && !source.formatName.split(',').some((name) => formats.has(name))) {
    throw new InvalidMediaError(`${basename(options.input)}: a ${source.formatName} file is not taken as a video`)
  }

  const plan = planRenditions(source.video)
  const segmentSeconds = segmentLength(source.durationSeconds, options.segmentSeconds ?? 4)
  const timeoutMs = options.timeoutMs ?? Math.max(120_000, source.durationSeconds * 3000)
  const deadline = Date.now() + timeoutMs
  const remaining = () => Math.max(1, deadline - Date.now())
  const randomBytes = options.randomBytes ?? nodeRandomBytes

  await mkdir(dirname(outputDir), { recursive: true })
  const staging = await mkdtemp(join(dirname(outputDir), `.${basename(outputDir)}.partial-`))
  try {
    const out = join(staging, 'hls')
    await mkdir(out)
    for (const rendition of plan) await mkdir(join(out, rendition.name))

    options.onStage?.('cover')
    const top = plan.at(-1) ?? plan[0]
    if (!top) throw new TranscodeError('no rendition fits the source')
    const coverAt = source.durationSeconds * (options.coverAt ?? 0.1)
    const coverJpeg = await extractCover(tools, options.input, source, top, coverAt, {
      timeoutMs: remaining(),
      signal: options.signal,
    })

    let key: Uint8Array | undefined
    let keyInfoFile: string | null = null
    if (options.encryption) {
      key = randomBytes(16)
      const iv = randomBytes(16)
      const secret = join(staging, 'secret')
      await mkdir(secret, { mode: 0o700 })
      await writeFile(join(secret, 'video.key'), key, { mode: 0o600 })
      keyInfoFile = join(secret, 'video.keyinfo')
      const keyInfo = `${options.encryption.keyUri}\n${join(secret, 'video.key')}\n${hex(iv)}\n`
      await writeFile(keyInfoFile, keyInfo, { mode: 0o600 })
    }

    options.onStage?.('transcode')
    const preset = options.preset ?? 'veryfast'
    const audioKbps = options.audioKbps ?? DEFAULT_AUDIO_KBPS
    const args = hlsArgs(options.input, source, plan, out, { preset, audioKbps, segmentSeconds, keyInfoFile })
    const run = await runTool(tools.ffmpeg, args, { timeoutMs: remaining(), signal: options.signal })
    if (run.code !== 0 || run.killed !== null) throw failure('transcoding', run, timeoutMs)

    options.onStage?.('finish')
    const ffmpegMaster = parseMasterPlaylist(
      await readFile(join(out, FFMPEG_MASTER), 'utf8').catch((error: Error) => {
        throw new TranscodeError(`ffmpeg wrote no master playlist: ${error.message}`, run.stderr)
      }),
    )
    await rm(join(out, FFMPEG_MASTER))
    const renditions: Rendition[] = []
    for (const rendition of plan) {
      const playlistPath = `${rendition.name}/index.m3u8`
      const codecs = ffmpegMaster.find((variant) => variant.uri === playlistPath)?.attributes.CODECS ?? ''
      const rates = await measure(out, rendition.name)
      renditions.push({
        name: rendition.name,
        width: rendition.width,
        height: rendition.height,
        ...rates,
        codecs,
        playlistPath,
      })
    }
    const frameRate = Math.min(source.video.frameRate, MAX_FRAME_RATE)
    const master = writeMasterPlaylist(renditions.map((r) => ({ ...r, uri: r.playlistPath, frameRate })))
    await writeFile(join(out, MASTER_PLAYLIST), master)
    const lowest = renditions[0]
    const preview =
      options.preview && lowest
        ? await writePreview({
            streamDir: out,
            rendition: lowest.name,
            seconds: options.preview.seconds,
            ...(key && { key }),
          })
        : null

    await rename(out, outputDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST' || error.code === 'ENOTEMPTY') {
        throw new MediaPipelineError(`${outputDir} already exists (made while transcoding)`)
      }
      throw error
    })
    return {
      outputDir,
      durationSeconds: source.durationSeconds,
      segmentSeconds,
      renditions,
      masterPlaylistPath: MASTER_PLAYLIST,
      coverJpeg,
      ...(key && { key }),
      ...(preview && { preview }),
    }
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}
