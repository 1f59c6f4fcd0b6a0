import { describe, expect, it, vi } from 'vitest'
import { servesShell } from './config.ts'
import { handleMessage } from './messages.ts'

describe('navigation fallback', () => {
  it.each([
    ['/', true],
    ['/mine/', true],
    ['/topicList', true],
    ['/mine/setting/accoutCode-camera/', true],
    ['/api/app/ping/config', false],
    ['/api', false],
    ['/sandbox/sms', false],
    ['/sw.js', false],
    ['/icons/icon-192.png', false],
    ['/manifest.webmanifest', false],
    ['/apiary', true],
  ])('%s → shell %s', (path, expected) => {
    expect(servesShell(path)).toBe(expected)
  })
})

describe('handleMessage', () => {
  const deps = () => ({
    version: 'v1',
    skipWaiting: vi.fn(async () => {}),
    reply: vi.fn(),
    setImageOrigins: vi.fn(async () => {}),
    prefetchImages: vi.fn(async () => ({ stored: 2, skipped: 1, failed: 0 })),
  })

  it('activates the waiting worker on SKIP_WAITING', async () => {
    const d = deps()
    await handleMessage({ type: 'SKIP_WAITING' }, d)
    expect(d.skipWaiting).toHaveBeenCalledOnce()
    expect(d.reply).not.toHaveBeenCalled()
  })

  it('answers GET_VERSION with the version', async () => {
    const d = deps()
    await handleMessage({ type: 'GET_VERSION' }, d)
    expect(d.reply).toHaveBeenCalledWith({ type: 'VERSION', version: 'v1' })
  })

  it('hands IMAGE_ORIGINS to the origin store', async () => {
    const d = deps()
    await handleMessage({ type: 'IMAGE_ORIGINS', origins: ['https://img.test/'] }, d)
    expect(d.setImageOrigins).toHaveBeenCalledWith(['https://img.test/'])
    expect(d.reply).not.toHaveBeenCalled()
  })

  it('runs a PREFETCH_IMAGES batch and answers PREFETCH_DONE with its summary', async () => {
    const d = deps()
    await handleMessage({ type: 'PREFETCH_IMAGES', urls: ['https://img.test/a.png'] }, d)
    expect(d.prefetchImages).toHaveBeenCalledWith(['https://img.test/a.png'])
    expect(d.reply).toHaveBeenCalledWith({ type: 'PREFETCH_DONE', stored: 2, skipped: 1, failed: 0 })
  })

  it.each([
    null,
    'SKIP_WAITING',
    { type: 'NOPE' },
    {},
    { type: 'IMAGE_ORIGINS' },
    { type: 'IMAGE_ORIGINS', origins: 'https://img.test/' },
    { type: 'IMAGE_ORIGINS', origins: [42] },
    { type: 'PREFETCH_IMAGES', urls: [null] },
  ])('ignores %j', async (data) => {
    const d = deps()
    await handleMessage(data, d)
    expect(d.skipWaiting).not.toHaveBeenCalled()
    expect(d.reply).not.toHaveBeenCalled()
    expect(d.setImageOrigins).not.toHaveBeenCalled()
    expect(d.prefetchImages).not.toHaveBeenCalled()
  })
})
