import { describe, expect, it } from 'vitest'
import { clearChunkReloadFlag, isChunkLoadError, reloadOnceForChunkError } from './chunk-reload.ts'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

describe('isChunkLoadError', () => {
  it.each([
    // Chromium
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/setting-abc.js'), true],
    // Firefox
    [new TypeError('error loading dynamically imported module: http://x/assets/setting-abc.js'), true],
    // Safari
    [new TypeError('Importing a module script failed.'), true],
    // Vite's preload helper
    [new Error('Unable to preload CSS for /assets/setting-abc.css'), true],
    [new TypeError('Cannot read properties of undefined'), false],
    ['Failed to fetch dynamically imported module', false],
  ])('%s → %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected)
  })
})

describe('reloadOnceForChunkError', () => {
  it('reloads the first time, then lets the error page show until a route resolves again', () => {
    const storage = memoryStorage()
    let reloads = 0
    expect(reloadOnceForChunkError(storage, () => reloads++)).toBe(true)
    expect(reloadOnceForChunkError(storage, () => reloads++)).toBe(false)
    expect(reloads).toBe(1)
    clearChunkReloadFlag(storage)
    expect(reloadOnceForChunkError(storage, () => reloads++)).toBe(true)
    expect(reloads).toBe(2)
  })

  it('does not reload when storage is blocked, since it could not stop a reload loop', () => {
    let reloads = 0
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => undefined,
    }
    expect(reloadOnceForChunkError(blocked, () => reloads++)).toBe(false)
    expect(reloads).toBe(0)
  })
})
