import { describe, expect, it } from 'vitest'
import { t } from '../../lib/messages-publish.ts'
import {
  contentError,
  formatDuration,
  imageFileError,
  parsePrice,
  videoDurationError,
  videoFileError,
} from './checks.ts'

describe('publish checks', () => {
  it('checks the text as the server does: trimmed, 1–2000 characters, line breaks kept, control characters refused', () => {
    expect(contentError('  ')).toBe(t.publish.errors.emptyContent)
    expect(contentError('第一行\n第二行')).toBe('')
    expect(contentError(`  ${'字'.repeat(2000)}  `)).toBe('')
    expect(contentError('字'.repeat(2001))).toBe(t.publish.errors.contentTooLong(2000))
    expect(contentError('a\u0007b')).toBe(t.publish.errors.controlCharacters)
  })

  it.each([
    ['', { cents: 0 }],
    ['12', { cents: 1200 }],
    ['12.5', { cents: 1250 }],
    ['0.05', { cents: 5 }],
    ['1000', { cents: 100_000 }],
    ['1000.01', { error: t.publish.errors.priceTooHigh('1000') }],
    ['1.234', { error: t.publish.errors.badPrice }],
    ['-1', { error: t.publish.errors.badPrice }],
    ['abc', { error: t.publish.errors.badPrice }],
  ])('reads the price %j in diamonds as cents', (text, expected) => {
    expect(parsePrice(text)).toEqual(expected)
  })

  it('checks picked files by type and size', () => {
    expect(imageFileError({ type: 'image/png', size: 10 })).toBe('')
    expect(imageFileError({ type: 'image/avif', size: 10 })).toBe(t.publish.errors.notImage)
    expect(imageFileError({ type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe(t.upload.tooLarge(10))
    expect(videoFileError({ type: 'video/mp4', size: 10, name: 'a.mp4' })).toBe('')
    expect(videoFileError({ type: '', size: 10, name: 'clip.MOV' })).toBe('')
    expect(videoFileError({ type: 'image/png', size: 10, name: 'a.png' })).toBe(t.publish.errors.notVideo)
    expect(videoFileError({ type: 'video/mp4', size: 500 * 1024 * 1024 + 1, name: 'a.mp4' })).toBe(
      t.upload.videoTooLarge(500),
    )
    expect(videoDurationError(600)).toBe('')
    expect(videoDurationError(601)).toBe(t.publish.errors.videoTooLong(10))
    expect(videoDurationError(null)).toBe('')
    expect(formatDuration(61.4)).toBe('1:01')
  })
})
