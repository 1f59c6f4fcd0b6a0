import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FfmpegNotFoundError, InvalidMediaError, locateFfmpeg, probe, runTool, type FfmpegTools } from './ffmpeg.ts'
import { makeRotatedCopy, makeTestClip, writeNoiseFile } from './test-clip.ts'

let dir: string
let clip: string
let tools: FfmpegTools

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'marquee-ffmpeg-'))
  tools = await locateFfmpeg()
  clip = await makeTestClip(dir)
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('locateFfmpeg', () => {
  it('finds ffmpeg and ffprobe on the PATH', () => {
    expect(basename(tools.ffmpeg)).toBe('ffmpeg')
    expect(basename(tools.ffprobe)).toBe('ffprobe')
  })

  it('names the package to install when the configured path is wrong', async () => {
    const error = await locateFfmpeg({ ffmpegPath: join(dir, 'no-such', 'ffmpeg') }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FfmpegNotFoundError)
    expect((error as Error).message).toContain('apt-get install ffmpeg')
    expect((error as Error).message).toContain(join(dir, 'no-such', 'ffmpeg'))
  })

  it('names the package to install when nothing is on the search path', async () => {
    const empty = join(dir, 'empty-bin')
    await mkdir(empty, { recursive: true })
    await expect(locateFfmpeg({ searchPath: empty })).rejects.toThrow(/PATH.*apt-get install ffmpeg/)
  })

  it('looks for ffprobe beside an ffmpeg given as a path', async () => {
    const bin = join(dir, 'only-ffmpeg')
    await mkdir(bin, { recursive: true })
    await symlink(tools.ffmpeg, join(bin, 'ffmpeg'))
    await expect(locateFfmpeg({ ffmpegPath: join(bin, 'ffmpeg') })).rejects.toThrow(
      `ffprobe not found at ${join(bin, 'ffprobe')}`,
    )
    await symlink(tools.ffprobe, join(bin, 'ffprobe'))
    await expect(locateFfmpeg({ ffmpegPath: join(bin, 'ffmpeg') })).resolves.toEqual({
      ffmpeg: join(bin, 'ffmpeg'),
      ffprobe: join(bin, 'ffprobe'),
    })
  })

  it('rejects a file that is not executable', async () => {
    const fake = join(dir, 'not-executable')
    await writeFile(fake, '#!/bin/sh\n', { mode: 0o644 })
    await expect(locateFfmpeg({ ffmpegPath: fake })).rejects.toBeInstanceOf(FfmpegNotFoundError)
  })
})

describe('runTool', () => {
  it('kills a tool that outlives its timeout and says so', async () => {
    const run = await runTool(tools.ffmpeg, ['-nostdin', '-re', '-f', 'lavfi', '-i', 'nullsrc', '-f', 'null', '-'], {
      timeoutMs: 200,
    })
    expect(run.killed).toBe('timeout')
    expect(run.code).toBeNull()
  })

  it('keeps only the tail of a long stderr', async () => {
    const run = await runTool(tools.ffprobe, ['-v', 'error', '-i', 'file:/nonexistent/' + 'x'.repeat(5000)], {
      timeoutMs: 10_000,
    })
    expect(run.code).not.toBe(0)
    expect(run.stderr.length).toBeLessThanOrEqual(4000)
    // The reason comes last, after the 5000-character name; the tail keeps it.
    expect(run.stderr).toMatch(/File name too long\s*$/)
    expect(run.stderr).not.toContain('file:/nonexistent')
  })
})

describe('probe', () => {
  it('reads duration, display size, frame rate and streams', async () => {
    const result = await probe(tools, clip)
    expect(result.durationSeconds).toBeCloseTo(4, 1)
    expect(result.video).toMatchObject({ codec: 'h264', width: 320, height: 240, frameRate: 25 })
    expect(result.audio).toMatchObject({ codec: 'aac' })
    expect(result.sizeBytes).toBeGreaterThan(0)
  })

  it('swaps width and height for a stream shown rotated', async () => {
    const rotated = await makeRotatedCopy(clip, dir)
    const result = await probe(tools, rotated)
    expect(result.video).toMatchObject({ width: 240, height: 320 })
  })

  it('rejects random bytes with the ffprobe reason', async () => {
    const corrupt = await writeNoiseFile(dir)
    const error = await probe(tools, corrupt).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidMediaError)
    expect((error as Error).message).toMatch(/corrupt\.mp4 is not a video ffmpeg can read: .*Invalid data/)
  })

  it('rejects a still image, an empty file and a missing file', async () => {
    const png = join(dir, 'still.png')
    await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c00' } })
      .png()
      .toFile(png)
    await expect(probe(tools, png)).rejects.toThrow(/still image is not a video/)
    const empty = join(dir, 'empty.mp4')
    await writeFile(empty, '')
    await expect(probe(tools, empty)).rejects.toThrow(/empty/)
    await expect(probe(tools, join(dir, 'missing.mp4'))).rejects.toBeInstanceOf(InvalidMediaError)
  })
})
