import { afterEach, describe, expect, it } from 'vitest'
import { warmFonts } from './font-warmup.ts'

function taskQueue() {
  const tasks: (() => void)[] = []
  return {
    nextTask: (callback: () => void) => void tasks.push(callback),
    /** Runs the oldest queued task; false when none is left. */
    runOne: () => {
      const task = tasks.shift()
      task?.()
      return task !== undefined
    },
  }
}

const hosts = () => document.querySelectorAll('[data-font-warmup][aria-hidden="true"]')

describe('warmFonts', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('lays out one hidden line per style, each in a task of its own, then removes them', async () => {
    const queue = taskQueue()
    const done = warmFonts(
      [
        { size: '11px', weight: 400 },
        { size: 'max(13px, calc(26 * var(--rpx)))', weight: 700 },
      ],
      { document, nextTask: queue.nextTask },
    )
    expect(hosts()).toHaveLength(1)
    expect(hosts()[0]!.children).toHaveLength(0)

    queue.runOne()
    const lines = () => [...hosts()[0]!.children] as HTMLElement[]
    expect(lines().map((line) => [line.style.fontSize, line.style.fontWeight])).toEqual([['11px', '400']])
    expect(lines()[0]!.textContent).toMatch(/[\u4e00-\u9fff].*[A-Za-z].*\d/)

    queue.runOne()
    expect(lines()).toHaveLength(2)
    expect(lines()[1]!.style.fontWeight).toBe('700')

    queue.runOne()
    expect(hosts()).toHaveLength(0)
    await expect(done).resolves.toBeUndefined()
    expect(queue.runOne()).toBe(false)
  })

  it('settles at once, without leaving anything behind, when there is nothing to warm', async () => {
    const queue = taskQueue()
    const done = warmFonts([], { document, nextTask: queue.nextTask })
    queue.runOne()
    expect(hosts()).toHaveLength(0)
    await expect(done).resolves.toBeUndefined()
  })
})
