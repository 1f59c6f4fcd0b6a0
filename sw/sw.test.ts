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
    ['/sw.js', false],
    ['/icons/icon-192.png', false],
    ['/manifest.webmanifest', false],
    ['/apiary', true],
  ])('%s → shell %s', (path, expected) => {
    expect(servesShell(path)).toBe(expected)
  })
})

describe('handleMessage', () => {
  const deps = () => ({ version: 'v1', skipWaiting: vi.fn(async () => {}), reply: vi.fn() })

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

  it.each([null, 'SKIP_WAITING', { type: 'NOPE' }, {}])('ignores %j', async (data) => {
    const d = deps()
    await handleMessage(data, d)
    expect(d.skipWaiting).not.toHaveBeenCalled()
    expect(d.reply).not.toHaveBeenCalled()
  })
})
