import { createDecipheriv } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MediaPipelineError } from './ffmpeg.ts'
import { parseMediaPlaylist, type MediaSegment } from './playlist.ts'
import { previewSegmentCount, writePreview } from './preview.ts'
import { makeTestClip, noiseBytes } from './test-clip.ts'
import { transcodeToHls, type TranscodeResult } from './transcode.ts'

const TS_PACKET = 188

let dir: string
/** 12 s in 2 s segments, encrypted, with a preview asked for 15 s (capped to a third: 4 s). */
let encrypted: TranscodeResult
let plain: TranscodeResult

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'marquee-preview-'))
  const clip = await makeTestClip(dir, { seconds: 12, width: 160, height: 120, rate: 10 })
  // A fixed key and IV: the wrong-key case below fails the same way on every run.
  let draws = 0
  const randomBytes = (size: number) => noiseBytes(size, `preview-${(draws += 1)}`)
  const common = { input: clip, segmentSeconds: 2, preset: 'ultrafast', preview: { seconds: 15 }, randomBytes }
  encrypted = await transcodeToHls({ ...common, outputDir: join(dir, 'encrypted'), encryption: { keyUri: 'key' } })
  plain = await transcodeToHls({ ...common, outputDir: join(dir, 'plain'), preview: { seconds: 3 } })
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

function isMpegTs(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bytes.length % TS_PACKET !== 0) return false
  for (let offset = 0; offset < bytes.length; offset += TS_PACKET) if (bytes[offset] !== 0x47) return false
  return true
}

function decrypt(bytes: Uint8Array, key: Uint8Array, segment: MediaSegment): Uint8Array {
  const decipher = createDecipheriv('aes-128-cbc', key, segment.key!.iv!)
  return Buffer.concat([decipher.update(bytes), decipher.final()])
}

describe('previewSegmentCount', () => {
  it.each([
    // whole segments up to the request and up to a third of the video
    [[4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], 15, 3],
    [[4, 4, 4, 4, 4, 4], 15, 2],
    [[2, 2, 2, 2, 2, 2], 15, 2],
    [[2, 2, 2, 2, 2, 2], 3, 1],
    [[4.166667, 4.166667, 4.166667, 4.166667, 4.166667, 4.166667, 4.166667, 4.166667], 15, 2],
    // at least one segment, never all of them
    [[2, 2, 1], 15, 1],
    [[6, 6], 15, 1],
    [[5.5], 15, 0],
    // off
    [[4, 4, 4, 4], 0, 0],
    [[], 15, 0],
  ])('%j for %i s → %i', (durations, seconds, count) => {
    expect(previewSegmentCount(durations, seconds)).toBe(count)
  })
})

describe('writePreview', () => {
  it('writes the lowest rendition’s first segments decrypted, as a playlist without a key', async () => {
    expect(encrypted.preview).toEqual({ seconds: 4, segmentCount: 2, playlistPath: 'preview/index.m3u8' })
    const text = await readFile(join(encrypted.outputDir, 'preview', 'index.m3u8'), 'utf8')
    expect(text).not.toContain('EXT-X-KEY')
    const preview = parseMediaPlaylist(text)
    expect(preview.endList).toBe(true)
    expect(preview.segments.map((s) => [s.uri, s.duration, s.key])).toEqual([
      ['seg_000.ts', 2, null],
      ['seg_001.ts', 2, null],
    ])
    const lowest = encrypted.renditions[0]!
    const source = parseMediaPlaylist(await readFile(join(encrypted.outputDir, lowest.playlistPath), 'utf8'))
    expect(source.segments[0]!.key?.method).toBe('AES-128')
    for (const [i, segment] of preview.segments.entries()) {
      const bytes = new Uint8Array(await readFile(join(encrypted.outputDir, 'preview', segment.uri)))
      // Plain MPEG-TS: nothing to decrypt, no key to hand out.
      expect(isMpegTs(bytes)).toBe(true)
      const original = await readFile(join(encrypted.outputDir, lowest.name, source.segments[i]!.uri))
      expect(isMpegTs(original)).toBe(false)
      expect(Buffer.from(bytes).equals(decrypt(original, encrypted.key!, source.segments[i]!))).toBe(true)
    }
    // Nothing else was left beside the stream.
    expect((await readdir(encrypted.outputDir)).sort()).toEqual(
      ['master.m3u8', 'preview', ...encrypted.renditions.map((r) => r.name)].sort(),
    )
  })

  it('copies an unencrypted stream’s segments as they are, up to the seconds asked', async () => {
    expect(plain.preview).toMatchObject({ seconds: 2, segmentCount: 1 })
    const lowest = plain.renditions[0]!
    const copy = await readFile(join(plain.outputDir, 'preview', 'seg_000.ts'))
    expect(copy.equals(await readFile(join(plain.outputDir, lowest.name, 'seg_000.ts')))).toBe(true)
  })

  it('transcodes without a preview unless asked; too short a stream gets none', async () => {
    const clip = await makeTestClip(dir, { seconds: 3, width: 160, height: 120, rate: 10, name: 'short.mp4' })
    const short = await transcodeToHls({
      input: clip,
      outputDir: join(dir, 'short'),
      preset: 'ultrafast',
      preview: { seconds: 15 },
    })
    expect(short.preview).toBeUndefined()
    expect(await readdir(short.outputDir)).not.toContain('preview')
    const none = await transcodeToHls({ input: clip, outputDir: join(dir, 'none'), preset: 'ultrafast' })
    expect(none.preview).toBeUndefined()
    expect(await readdir(none.outputDir)).not.toContain('preview')
  })

  it('refuses an encrypted stream without its key, or a second preview, and leaves no partial directory', async () => {
    const streamDir = encrypted.outputDir
    const rendition = encrypted.renditions[0]!.name
    await expect(writePreview({ streamDir, rendition, seconds: 15 })).rejects.toBeInstanceOf(MediaPipelineError)
    await rm(join(streamDir, 'preview'), { recursive: true })
    await expect(writePreview({ streamDir, rendition, seconds: 15 })).rejects.toThrow('16-byte key')
    await expect(writePreview({ streamDir, rendition, seconds: 15, key: new Uint8Array(16).fill(1) })).rejects.toThrow()
    expect((await readdir(streamDir)).filter((name) => name.includes('preview'))).toEqual([])
    expect(await writePreview({ streamDir, rendition, seconds: 15, key: encrypted.key! })).toMatchObject({ seconds: 4 })
  })

  it('refuses a playlist that is not complete', async () => {
    const live = join(dir, 'live')
    await mkdir(join(live, '120p'), { recursive: true })
    await writeFile(join(live, '120p', 'index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nseg_000.ts\n')
    await expect(writePreview({ streamDir: live, rendition: '120p', seconds: 15 })).rejects.toThrow('not a complete')
  })
})
