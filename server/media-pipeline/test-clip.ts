/** Tiny generated inputs for the pipeline's tests (real ffmpeg, a few hundred ms each). */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * A testsrc picture with (unless `audio` is false) a sine tone, H.264/AAC in MP4. `kbps` pads the
 * video to that constant bitrate (filler data), for a file of a chosen size: testsrc alone
 * compresses to a few hundred kilobytes whatever its length.
 */
export async function makeTestClip(
  dir: string,
  {
    seconds = 4,
    width = 320,
    height = 240,
    rate = 25,
    audio = true,
    name = 'clip.mp4',
    kbps = undefined as number | undefined,
  } = {},
): Promise<string> {
  const path = join(dir, name)
  await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-v', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=${rate}:duration=${seconds}`],
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'aac', '-shortest'] : []),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...(kbps ? constantBitrate(kbps) : []),
    path,
  ])
  return path
}

function constantBitrate(kbps: number): string[] {
  const rate = `${kbps}k`
  return [
    '-b:v',
    rate,
    '-minrate',
    rate,
    '-maxrate',
    rate,
    '-bufsize',
    `${Math.ceil(kbps / 4)}k`,
    '-x264-params',
    'nal-hrd=cbr',
  ]
}

/** A copy of `clip` whose stream says "display rotated by 90°", as phones record portrait video. */
export async function makeRotatedCopy(clip: string, dir: string): Promise<string> {
  const path = join(dir, 'rotated.mp4')
  await run(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-v', 'error', '-i', clip, '-c', 'copy'].concat([
      '-metadata:s:v:0',
      'rotate=90',
      path,
    ]),
  )
  return path
}

/** Bytes that look random but are the same on every run (SHA-256 in counter mode). */
export function noiseBytes(length: number, seed = 'marquee'): Uint8Array {
  const out = new Uint8Array(length)
  for (let offset = 0, counter = 0; offset < length; offset += 32, counter += 1) {
    out.set(
      createHash('sha256')
        .update(`${seed}:${counter}`)
        .digest()
        .subarray(0, length - offset),
      offset,
    )
  }
  return out
}

export async function writeNoiseFile(dir: string, length = 64 * 1024): Promise<string> {
  const path = join(dir, 'corrupt.mp4')
  await writeFile(path, noiseBytes(length))
  return path
}
