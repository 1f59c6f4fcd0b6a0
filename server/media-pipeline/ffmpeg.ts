/**
 * The system ffmpeg/ffprobe (the Debian package, not a bundled binary):
 * finding them, running them without a shell, and probing an input. Everything that goes
 * wrong surfaces as one of the MediaPipelineError subclasses below, with a message a
 * person can act on.
 */
import { spawn } from 'node:child_process'
import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { basename, delimiter, dirname, isAbsolute, join, resolve } from 'node:path'

const FFMPEG_PACKAGE_HINT = 'apt-get install ffmpeg'

export class MediaPipelineError extends Error {
  override name = 'MediaPipelineError'
  constructor(
    message: string,
    /** The tail of the tool's stderr, when a tool ran. */
    readonly stderr = '',
  ) {
    super(message)
  }
}

/** ffmpeg or ffprobe is not installed (or not where the options say). */
export class FfmpegNotFoundError extends MediaPipelineError {
  override name = 'FfmpegNotFoundError'
}

/** The input is missing, unreadable, or not a video ffmpeg can decode. */
export class InvalidMediaError extends MediaPipelineError {
  override name = 'InvalidMediaError'
}

/** The input probed fine but transcoding failed, timed out or was aborted. */
export class TranscodeError extends MediaPipelineError {
  override name = 'TranscodeError'
}

export interface FfmpegOptions {
  /** A path, or a bare name looked up on the search path. Default `ffmpeg`. */
  ffmpegPath?: string
  /** Default: `ffprobe` beside an ffmpeg given as a path, else `ffprobe` on the search path. */
  ffprobePath?: string
  /** Directories to search, joined like $PATH. Default process.env.PATH. */
  searchPath?: string
}

export interface FfmpegTools {
  ffmpeg: string
  ffprobe: string
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK)
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

async function locateTool(tool: string, nameOrPath: string, searchPath: string): Promise<string> {
  if (nameOrPath.includes('/')) {
    const path = resolve(nameOrPath)
    if (await isExecutableFile(path)) return path
    throw new FfmpegNotFoundError(`${tool} not found at ${path}. ${installHint()}`)
  }
  const dirs = searchPath.split(delimiter).filter((dir) => dir !== '' && isAbsolute(dir))
  for (const dir of dirs) {
    const path = join(dir, nameOrPath)
    if (await isExecutableFile(path)) return path
  }
  throw new FfmpegNotFoundError(`${tool} ("${nameOrPath}") is not on the PATH. ${installHint()}`)
}

function installHint(): string {
  return `Marquee transcodes video with the system ffmpeg: install it with "${FFMPEG_PACKAGE_HINT}" (the Debian/Ubuntu package "ffmpeg" also provides ffprobe), or configure the path to an existing ffmpeg.`
}

/** Finds ffmpeg and ffprobe, or throws FfmpegNotFoundError naming the package to install. */
export async function locateFfmpeg(options: FfmpegOptions = {}): Promise<FfmpegTools> {
  const searchPath = options.searchPath ?? process.env.PATH ?? ''
  const ffmpegName = options.ffmpegPath ?? 'ffmpeg'
  const ffprobeName =
    options.ffprobePath ?? (ffmpegName.includes('/') ? join(dirname(ffmpegName), 'ffprobe') : 'ffprobe')
  const ffmpeg = await locateTool('ffmpeg', ffmpegName, searchPath)
  const ffprobe = await locateTool('ffprobe', ffprobeName, searchPath)
  return { ffmpeg, ffprobe }
}

export interface RunOptions {
  timeoutMs: number
  signal?: AbortSignal
  /** stdout beyond this is an error (the tool is killed). Default 64 MiB. */
  maxStdoutBytes?: number
}

export interface RunResult {
  /** Exit code, or null when the process was killed. */
  code: number | null
  stdout: Buffer
  /** The last STDERR_TAIL characters of stderr. */
  stderr: string
  /** Why the process was killed, if it was. */
  killed: 'timeout' | 'aborted' | 'stdout-limit' | null
}

const STDERR_TAIL = 4000

/**
 * Runs a tool with an argument array (never a shell), no stdin, a hard timeout (SIGKILL)
 * and an optional abort signal. Resolves once the process has exited, so no file is
 * written after it returns.
 */
export function runTool(path: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const { timeoutMs, signal, maxStdoutBytes = 64 * 1024 * 1024 } = options
  if (signal?.aborted) return Promise.resolve({ code: null, stdout: Buffer.alloc(0), stderr: '', killed: 'aborted' })
  return new Promise((resolvePromise, reject) => {
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false })
    const chunks: Buffer[] = []
    let stdoutBytes = 0
    let stderr = ''
    let killed: RunResult['killed'] = null
    const kill = (why: NonNullable<RunResult['killed']>) => {
      if (killed !== null) return
      killed = why
      child.kill('SIGKILL')
    }
    const timer = setTimeout(() => kill('timeout'), timeoutMs)
    const onAbort = () => kill('aborted')
    signal?.addEventListener('abort', onAbort, { once: true })
    const cleanUp = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length
      if (stdoutBytes > maxStdoutBytes) kill('stdout-limit')
      else chunks.push(chunk)
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL)
    })
    child.on('error', (error: NodeJS.ErrnoException) => {
      cleanUp()
      if (error.code === 'ENOENT' || error.code === 'EACCES') {
        reject(new FfmpegNotFoundError(`${basename(path)} could not be started (${error.code}). ${installHint()}`))
      } else {
        reject(new MediaPipelineError(`${basename(path)} could not be started: ${error.message}`))
      }
    })
    child.on('close', (code) => {
      cleanUp()
      resolvePromise({ code, stdout: Buffer.concat(chunks), stderr, killed })
    })
  })
}

/**
 * `file:` plus an absolute path, so a name like `concat:a|b` or `http://…` can never make
 * ffmpeg open something other than the local file.
 */
export function fileUrl(path: string): string {
  return `file:${resolve(path)}`
}

/** The last meaningful line of a tool's stderr, for an error message. */
export function lastStderrLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  return lines.at(-1) ?? 'no error output'
}

export interface ProbeResult {
  durationSeconds: number
  sizeBytes: number
  formatName: string
  /** The first video stream that is not cover art. */
  video: {
    index: number
    codec: string
    /** As displayed: rotation and sample aspect ratio applied. */
    width: number
    height: number
    /** 0 when unknown. */
    frameRate: number
  }
  /** The first audio stream, if any. */
  audio: { index: number; codec: string } | null
}

interface FfprobeStream {
  index?: number
  codec_type?: string
  codec_name?: string
  width?: number
  height?: number
  sample_aspect_ratio?: string
  avg_frame_rate?: string
  r_frame_rate?: string
  duration?: string
  disposition?: { attached_pic?: number }
  tags?: { rotate?: string }
  side_data_list?: Array<{ rotation?: number | string }>
}

interface FfprobeOutput {
  streams?: FfprobeStream[]
  format?: { duration?: string; format_name?: string; size?: string }
}

function ratio(text: string | undefined): number {
  const [num, den] = (text ?? '').split(/[/:]/).map(Number)
  return num !== undefined && den !== undefined && num > 0 && den > 0 ? num / den : 0
}

function rotationOf(stream: FfprobeStream): number {
  const fromSideData = stream.side_data_list?.find((entry) => entry.rotation !== undefined)?.rotation
  const degrees = Number(fromSideData ?? stream.tags?.rotate ?? 0)
  return Number.isFinite(degrees) ? ((Math.round(degrees / 90) % 4) + 4) % 4 : 0
}

export interface ProbeOptions {
  timeoutMs?: number
  signal?: AbortSignal
}

/** Duration, size and streams of `input`; InvalidMediaError unless it is a decodable video. */
export async function probe(tools: FfmpegTools, input: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  const name = basename(input)
  let sizeBytes: number
  try {
    const info = await stat(input)
    if (!info.isFile()) throw new InvalidMediaError(`${name} is not a file`)
    sizeBytes = info.size
  } catch (error) {
    if (error instanceof InvalidMediaError) throw error
    throw new InvalidMediaError(`${name} cannot be read: ${(error as Error).message}`)
  }
  if (sizeBytes === 0) throw new InvalidMediaError(`${name} is empty`)

  // Only local files: a playlist-like input (HLS, concat) must not make ffprobe open URLs.
  const args = ['-v', 'error', '-protocol_whitelist', 'file', '-print_format', 'json', '-show_format', '-show_streams']
  args.push('-i', fileUrl(input))
  const run = await runTool(tools.ffprobe, args, { timeoutMs: options.timeoutMs ?? 30_000, signal: options.signal })
  if (run.killed === 'aborted') throw new MediaPipelineError(`probing ${name} was aborted`)
  if (run.killed !== null) throw new InvalidMediaError(`probing ${name} failed: ${run.killed}`, run.stderr)
  if (run.code !== 0) {
    throw new InvalidMediaError(`${name} is not a video ffmpeg can read: ${lastStderrLine(run.stderr)}`, run.stderr)
  }
  let output: FfprobeOutput
  try {
    output = JSON.parse(run.stdout.toString('utf8')) as FfprobeOutput
  } catch {
    throw new InvalidMediaError(`ffprobe gave unreadable output for ${name}`, run.stderr)
  }

  const streams = output.streams ?? []
  const video = streams.find(
    (stream) =>
      stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1 && stream.width && stream.height,
  )
  if (!video || video.index === undefined || !video.width || !video.height) {
    throw new InvalidMediaError(`${name} has no video stream`)
  }
  const durationSeconds = Number(output.format?.duration ?? video.duration)
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new InvalidMediaError(`${name} has no duration (a still image is not a video)`)
  }
  const sar = ratio(video.sample_aspect_ratio) || 1
  const storedWidth = Math.round(video.width * sar)
  const sideways = rotationOf(video) % 2 === 1
  const audio = streams.find((stream) => stream.codec_type === 'audio')

  return {
    durationSeconds,
    sizeBytes,
    formatName: output.format?.format_name ?? 'unknown',
    video: {
      index: video.index,
      codec: video.codec_name ?? 'unknown',
      width: sideways ? video.height : storedWidth,
      height: sideways ? storedWidth : video.height,
      frameRate: ratio(video.avg_frame_rate) || ratio(video.r_frame_rate),
    },
    audio: audio?.index !== undefined ? { index: audio.index, codec: audio.codec_name ?? 'unknown' } : null,
  }
}
