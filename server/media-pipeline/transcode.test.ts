import { createDecipheriv } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FfmpegNotFoundError,
  InvalidMediaError,
  locateFfmpeg,
  MediaPipelineError,
  probe,
  TranscodeError,
} from './ffmpeg.ts'
import { parseMasterPlaylist, parseMediaPlaylist, type MediaSegment } from './playlist.ts'
import { noiseBytes, makeTestClip, writeNoiseFile } from './test-clip.ts'
import { planRenditions, segmentLength, transcodeToHls, type TranscodeResult } from './transcode.ts'

const TS_PACKET = 188
const TS_SYNC = 0x47

let dir: string
let clip: string
let run = 0
/** A fresh, empty parent per call, so "nothing left behind" can be checked by listing it. */
async function freshOutput(): Promise<{ parent: string; outputDir: string }> {
  const parent = await mkdtemp(join(dir, `run-${(run += 1)}-`))
  return { parent, outputDir: join(parent, 'video-42') }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'marquee-transcode-'))
  clip = await makeTestClip(dir)
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function listTree(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

function expectMpegTs(bytes: Uint8Array): void {
  expect(bytes.length % TS_PACKET).toBe(0)
  for (let offset = 0; offset < bytes.length; offset += TS_PACKET) expect(bytes[offset]).toBe(TS_SYNC)
}

/** RFC 8216 §5.2: the tag's IV, else the media sequence number as a 128-bit big-endian integer. */
function ivFor(segment: MediaSegment): Uint8Array {
  if (segment.key?.iv) return segment.key.iv
  const iv = new Uint8Array(16)
  new DataView(iv.buffer).setBigUint64(8, BigInt(segment.sequence))
  return iv
}

/** Every playlist of `result`, parsed, with its segments' bytes. */
async function readRenditions(result: TranscodeResult) {
  const master = parseMasterPlaylist(await readFile(join(result.outputDir, result.masterPlaylistPath), 'utf8'))
  return Promise.all(
    result.renditions.map(async (rendition) => {
      const path = join(result.outputDir, rendition.playlistPath)
      const playlist = parseMediaPlaylist(await readFile(path, 'utf8'))
      const segments = await Promise.all(
        playlist.segments.map(async (segment) => ({
          segment,
          bytes: new Uint8Array(await readFile(join(dirname(path), segment.uri))),
        })),
      )
      return { rendition, master, playlist, segments }
    }),
  )
}

describe('planRenditions', () => {
  it.each([
    [{ width: 1920, height: 1080 }, ['360p 640x360', '540p 960x540', '720p 1280x720']],
    [{ width: 1080, height: 1920 }, ['360p 360x640', '540p 540x960', '720p 720x1280']],
    [{ width: 1280, height: 720 }, ['360p 640x360', '540p 960x540', '720p 1280x720']],
    [{ width: 854, height: 480 }, ['360p 640x360', '480p 854x480']],
    [{ width: 640, height: 360 }, ['240p 426x240', '360p 640x360']],
    [{ width: 320, height: 240 }, ['160p 214x160', '240p 320x240']],
    [{ width: 160, height: 100 }, ['100p 160x100']],
  ])('%o → %o', (source, expected) => {
    const plan = planRenditions(source)
    expect(plan.map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual(expected)
    for (const r of plan) expect([r.width % 2, r.height % 2]).toEqual([0, 0])
    const rates = plan.map((r) => r.videoKbps)
    expect(rates).toEqual([...rates].sort((a, b) => a - b))
  })
})

describe('segmentLength', () => {
  it.each([
    [4, 2, 2],
    [9, 4, 4.5],
    [10, 4, 10 / 3],
    [1.5, 4, 2],
    [600, 6, 6],
  ])('%d s at target %d → %d', (duration, target, expected) => {
    expect(segmentLength(duration, target)).toBeCloseTo(expected, 6)
  })
})

describe('transcodeToHls', () => {
  it('writes renditions, a master playlist and 2–6 s TS segments, and extracts a cover', async () => {
    const { parent, outputDir } = await freshOutput()
    const stages: string[] = []
    const result = await transcodeToHls({
      input: clip,
      outputDir,
      preset: 'ultrafast',
      segmentSeconds: 2,
      onStage: (stage) => stages.push(stage),
    })

    expect(stages).toEqual(['probe', 'cover', 'transcode', 'finish'])
    expect(result.durationSeconds).toBeCloseTo(4, 1)
    expect(result.key).toBeUndefined()
    expect(result.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['160p', 214, 160],
      ['240p', 320, 240],
    ])
    expect(await readdir(parent)).toEqual(['video-42'])

    const renditions = await readRenditions(result)
    const [first] = renditions
    expect(first?.master.map((variant) => variant.uri)).toEqual(result.renditions.map((r) => r.playlistPath))
    for (const { rendition, master, playlist, segments } of renditions) {
      const variant = master.find((v) => v.uri === rendition.playlistPath)
      expect(variant?.attributes).toMatchObject({
        BANDWIDTH: String(rendition.bandwidth),
        RESOLUTION: `${rendition.width}x${rendition.height}`,
      })
      expect(variant?.attributes.CODECS).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/)
      expect(rendition.bandwidth).toBeGreaterThanOrEqual(rendition.averageBandwidth)
      expect(playlist.endList).toBe(true)
      expect(segments.length).toBe(2)
      for (const { segment, bytes } of segments) {
        expect(segment.key).toBeNull()
        expect(segment.duration).toBeGreaterThanOrEqual(2)
        expect(segment.duration).toBeLessThanOrEqual(6)
        expectMpegTs(bytes)
      }
      expect(segments.reduce((sum, { segment }) => sum + segment.duration, 0)).toBeCloseTo(4, 1)
    }
    const top = result.renditions.at(-1)
    expect(await sharp(result.coverJpeg).metadata()).toMatchObject({
      format: 'jpeg',
      width: top?.width,
      height: top?.height,
    })
  })

  it('encrypts every segment with AES-128 under one key that never lands in the output', async () => {
    const { parent, outputDir } = await freshOutput()
    let draws = 0
    const randomBytes = (size: number) => noiseBytes(size, `draw-${(draws += 1)}`)
    const keyUri = '/api/media/key/42'
    const result = await transcodeToHls({
      input: clip,
      outputDir,
      preset: 'ultrafast',
      segmentSeconds: 2,
      encryption: { keyUri },
      randomBytes,
    })

    const key = result.key
    expect(key).toEqual(noiseBytes(16, 'draw-1'))
    if (!key) throw new Error('no key')
    for (const { playlist, segments } of await readRenditions(result)) {
      expect(segments.length).toBeGreaterThan(1)
      for (const { segment, bytes } of segments) {
        expect(segment.key).toMatchObject({ method: 'AES-128', uri: keyUri })
        const decipher = createDecipheriv('aes-128-cbc', key, ivFor(segment))
        const plain = new Uint8Array(Buffer.concat([decipher.update(bytes), decipher.final()]))
        expect(plain[0]).toBe(TS_SYNC)
        // PKCS#7 padding: the stored segment is ciphertext, 1–16 bytes longer than the TS it hides.
        expect(bytes.length - plain.length).toBeGreaterThanOrEqual(1)
        expect(bytes.length - plain.length).toBeLessThanOrEqual(16)
        expectMpegTs(plain)
      }
      expect(playlist.segments.map((s) => s.sequence)).toEqual([0, 1])
    }

    const files = await listTree(parent)
    expect(files.every((file) => file.startsWith(`${outputDir}/`))).toBe(true)
    for (const file of files) {
      expect(file).not.toMatch(/key/)
      expect(Buffer.from(await readFile(file)).includes(Buffer.from(key))).toBe(false)
    }
  })

  it('handles a silent source and caps its frame rate at 30', async () => {
    const silent = await makeTestClip(dir, { seconds: 2, rate: 50, audio: false, name: 'silent-50fps.mp4' })
    const { outputDir } = await freshOutput()
    const result = await transcodeToHls({ input: silent, outputDir, preset: 'ultrafast', segmentSeconds: 2 })
    for (const { rendition, master, segments } of await readRenditions(result)) {
      const variant = master.find((v) => v.uri === rendition.playlistPath)
      expect(variant?.attributes.CODECS).toMatch(/^avc1\.[0-9a-f]{6}$/)
      expect(variant?.attributes['FRAME-RATE']).toBe('30.000')
      expect(segments.map(({ segment }) => segment.duration)).toEqual([2])
    }
    const probed = await probe(await locateFfmpeg(), join(outputDir, '240p', 'seg_000.ts'))
    expect(probed.audio).toBeNull()
    expect(probed.video.frameRate).toBe(30)
  })

  it('rejects a corrupt input with InvalidMediaError and leaves nothing behind', async () => {
    const { parent, outputDir } = await freshOutput()
    const corrupt = await writeNoiseFile(dir)
    const error = await transcodeToHls({ input: corrupt, outputDir, preset: 'ultrafast' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidMediaError)
    expect((error as Error).message).toContain('corrupt.mp4 is not a video')
    expect(await readdir(parent)).toEqual([])
  })

  it('removes everything when ffmpeg is stopped half-way', async () => {
    const { parent, outputDir } = await freshOutput()
    const controller = new AbortController()
    const error = await transcodeToHls({
      input: clip,
      outputDir,
      preset: 'ultrafast',
      encryption: { keyUri: '/k' },
      signal: controller.signal,
      onStage: (stage) => {
        if (stage === 'transcode') controller.abort()
      },
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TranscodeError)
    expect((error as Error).message).toBe('transcoding was aborted')
    expect(await readdir(parent)).toEqual([])
  })

  it('opens the input as the probed format, local files only, in every ffmpeg run', async () => {
    const { outputDir } = await freshOutput()
    // An ffmpeg that writes down its arguments, one run per line, and runs the real one.
    const tools = await locateFfmpeg()
    const bin = await mkdtemp(join(dir, 'bin-'))
    const calls = join(bin, 'calls.log')
    const wrapper = join(bin, 'ffmpeg')
    await writeFile(wrapper, `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${tools.ffmpeg}' "$@"\n`, { mode: 0o755 })
    await transcodeToHls({
      input: clip,
      outputDir,
      preset: 'ultrafast',
      ffmpegPath: wrapper,
      ffprobePath: tools.ffprobe,
    })
    const runs = (await readFile(calls, 'utf8')).trim().split('\n')
    expect(runs.length).toBeGreaterThanOrEqual(2)
    for (const line of runs) expect(line).toContain(`-protocol_whitelist file -f mov -i file:${clip}`)
  })

  it('refuses a container outside `formats` before ffmpeg opens it', async () => {
    const { parent, outputDir } = await freshOutput()
    const error = await transcodeToHls({ input: clip, outputDir, formats: new Set(['matroska']) }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(InvalidMediaError)
    expect((error as Error).message).toBe('clip.mp4: a mov,mp4,m4a,3gp,3g2,mj2 file is not taken as a video')
    expect(await readdir(parent)).toEqual([])
  })

  it('names the package to install when ffmpeg is missing', async () => {
    const { parent, outputDir } = await freshOutput()
    const error = await transcodeToHls({ input: clip, outputDir, ffmpegPath: '/nonexistent/bin/ffmpeg' }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(FfmpegNotFoundError)
    expect((error as Error).message).toContain('apt-get install ffmpeg')
    expect(await readdir(parent)).toEqual([])
  })

  it('refuses an existing output directory and a key URI that would break the playlist', async () => {
    const { parent } = await freshOutput()
    await expect(transcodeToHls({ input: clip, outputDir: parent })).rejects.toThrow(/already exists/)
    await expect(
      transcodeToHls({ input: clip, outputDir: join(parent, 'x'), encryption: { keyUri: '/k"\n#EXT-X-ENDLIST' } }),
    ).rejects.toBeInstanceOf(MediaPipelineError)
    expect(await readdir(parent)).toEqual([])
  })
})
