import { describe, expect, it } from 'vitest'
import { ProgressTracker } from './progress.ts'

describe('ProgressTracker', () => {
  it('reports started once on the first play, then every 10 s, and on pause', () => {
    const tracker = new ProgressTracker()
    expect(tracker.time(3)).toBeNull()
    expect(tracker.play(0)).toEqual({ position: 0, started: true })
    expect(tracker.time(4.2)).toBeNull()
    expect(tracker.time(9.99)).toBeNull()
    expect(tracker.time(10.3)).toEqual({ position: 10, started: false })
    expect(tracker.time(19.5)).toBeNull()
    expect(tracker.time(20.1)).toEqual({ position: 20, started: false })
    expect(tracker.stop(23.7)).toEqual({ position: 23, started: false })
    expect(tracker.play(23.7)).toBeNull()
    expect(tracker.time(33.1)).toEqual({ position: 33, started: false })
  })

  it('starts from the resume position and reports a seek back of 10 s or more', () => {
    const tracker = new ProgressTracker()
    expect(tracker.play(125.4)).toEqual({ position: 125, started: true })
    expect(tracker.time(60)).toEqual({ position: 60, started: false })
  })

  it('does not repeat a position on pause or leave, and reports nothing before a play', () => {
    const tracker = new ProgressTracker()
    expect(tracker.stop(5)).toBeNull()
    tracker.play(0)
    expect(tracker.stop(0.4)).toBeNull()
    expect(tracker.stop(2)).toEqual({ position: 2, started: false })
    expect(tracker.stop(2.9)).toBeNull()
  })

  it('reads a broken position as 0', () => {
    expect(new ProgressTracker().play(Number.NaN)).toEqual({ position: 0, started: true })
  })
})
