import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import type { AttachOptions } from '../../lib/hls-source.ts'
import type { ProgressReport } from './progress.ts'
import { VideoPlayer } from './video-player.tsx'

afterEach(cleanup)

const LINES = [
  { name: '线路1', url: 'https://a.example/hls/7/master.m3u8?pt=t' },
  { name: '线路2', url: 'https://b.example/hls/7/master.m3u8?pt=t' },
  { name: '线路3', url: 'https://c.example/hls/7/master.m3u8?pt=t' },
]

/** A stand-in for attachHlsSource: records each attach and lets the test fail it. */
function fakeAttach() {
  const calls: { url: string; startAt: number; options: AttachOptions; detach: ReturnType<typeof vi.fn> }[] = []
  const attach = vi.fn((_video: HTMLVideoElement, url: string, options: AttachOptions) => {
    const detach = vi.fn()
    calls.push({ url, startAt: options.startAt ?? 0, options, detach })
    return detach
  })
  const last = () => calls[calls.length - 1]!
  return { attach, calls, last }
}

function renderPlayer(props: { startAt?: number; onProgress?: (report: ProgressReport) => void } = {}) {
  const fake = fakeAttach()
  render(
    <VideoPlayer
      lines={LINES}
      startAt={props.startAt ?? 0}
      poster={null}
      title="视频7"
      attach={fake.attach}
      {...(props.onProgress ? { onProgress: props.onProgress } : {})}
    />,
  )
  return fake
}

const video = () => document.querySelector('video')!

describe('VideoPlayer', () => {
  it('plays the first line, inline with native controls, from the resume position', async () => {
    const { calls } = renderPlayer({ startAt: 95 })
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({ url: LINES[0]!.url, startAt: 95 })
    expect(video().hasAttribute('controls')).toBe(true)
    expect(video().hasAttribute('playsinline')).toBe(true)
    expect(screen.getByRole('button', { name: '线路1' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('starts playing once the source is attached, not before', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    const { calls, last } = renderPlayer()
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(play).not.toHaveBeenCalled()
    act(() => last().options.onAttached?.())
    expect(play).toHaveBeenCalledOnce()
    play.mockRestore()
  })

  it('falls back line by line on network failures, then says every line failed; retry starts again', async () => {
    const { calls, last } = renderPlayer()
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    act(() => last().options.onFatal('network'))
    await vi.waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[0]!.detach).toHaveBeenCalled()
    expect(last().url).toBe(LINES[1]!.url)
    expect(screen.getByRole('button', { name: '线路2' }).getAttribute('aria-pressed')).toBe('true')
    act(() => last().options.onFatal('network'))
    await vi.waitFor(() => expect(calls).toHaveLength(3))
    expect(last().url).toBe(LINES[2]!.url)
    act(() => last().options.onFatal('network'))
    expect((await screen.findByRole('alert')).textContent).toContain('所有线路都无法播放，请稍后重试')
    expect(calls).toHaveLength(3)
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    await vi.waitFor(() => expect(calls).toHaveLength(4))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('a failing line the user picked falls back to the lines after it first', async () => {
    const { calls, last } = renderPlayer()
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: '切换到线路2' }))
    await vi.waitFor(() => expect(calls).toHaveLength(2))
    expect(last().url).toBe(LINES[1]!.url)
    act(() => last().options.onFatal('network'))
    await vi.waitFor(() => expect(calls).toHaveLength(3))
    expect(last().url).toBe(LINES[2]!.url)
    act(() => last().options.onFatal('network'))
    await vi.waitFor(() => expect(calls).toHaveLength(4))
    expect(last().url).toBe(LINES[0]!.url)
  })

  it('keeps the position across a line switch', async () => {
    const { calls, last } = renderPlayer({ startAt: 5 })
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    video().currentTime = 42
    fireEvent(video(), new Event('timeupdate'))
    fireEvent.click(screen.getByRole('button', { name: '切换到线路3' }))
    await vi.waitFor(() => expect(calls).toHaveLength(2))
    expect(last()).toMatchObject({ url: LINES[2]!.url, startAt: 42 })
  })

  it('does not switch lines on a media error: it says so and retries the same line', async () => {
    const { calls, last } = renderPlayer()
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    act(() => last().options.onFatal('media'))
    expect((await screen.findByRole('alert')).textContent).toContain('视频无法播放')
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    await vi.waitFor(() => expect(calls).toHaveLength(2))
    expect(last().url).toBe(LINES[0]!.url)
  })

  it('reports the first play as started, then progress on pause and when the viewer leaves', async () => {
    const reports: ProgressReport[] = []
    const { calls } = renderPlayer({ onProgress: (report) => reports.push(report) })
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    fireEvent(video(), new Event('playing'))
    video().currentTime = 12.6
    fireEvent(video(), new Event('timeupdate'))
    video().currentTime = 14
    fireEvent(video(), new Event('pause'))
    video().currentTime = 20
    fireEvent(video(), new Event('timeupdate'))
    expect(reports).toHaveLength(3)
    cleanup()
    expect(reports).toEqual([
      { position: 0, started: true },
      { position: 12, started: false },
      { position: 14, started: false },
      { position: 20, started: false },
    ])
  })

  /** A preview player limited to `limitSeconds`, attached; its onLimit spy. */
  async function renderPreview(limitSeconds: number, badge?: ReactNode) {
    const fake = fakeAttach()
    const onLimit = vi.fn()
    render(
      <VideoPlayer
        lines={LINES}
        startAt={0}
        poster={null}
        title="视频7"
        attach={fake.attach}
        limitSeconds={limitSeconds}
        onLimit={onLimit}
        badge={badge}
      />,
    )
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1))
    return onLimit
  }

  it('a preview stops at its limit and says so', async () => {
    const onLimit = await renderPreview(6)
    const pause = vi.spyOn(video(), 'pause')
    video().currentTime = 5.9
    fireEvent(video(), new Event('timeupdate'))
    expect(onLimit).not.toHaveBeenCalled()
    video().currentTime = 6.1
    fireEvent(video(), new Event('timeupdate'))
    expect(pause).toHaveBeenCalled()
    expect(onLimit).toHaveBeenCalledTimes(1)
  })

  it('a preview whose playlist ends a little short of the limit still reaches it; the badge shows over the picture', async () => {
    const onLimit = await renderPreview(2, <span>试看 2 秒</span>)
    expect(screen.getByText('试看 2 秒')).toBeTruthy()
    video().currentTime = 1.96
    fireEvent(video(), new Event('timeupdate'))
    expect(onLimit).not.toHaveBeenCalled()
    fireEvent(video(), new Event('ended'))
    expect(onLimit).toHaveBeenCalledTimes(1)
  })

  it('without a limit, the end of the video is no limit', async () => {
    const fake = fakeAttach()
    const onLimit = vi.fn()
    render(<VideoPlayer lines={LINES} startAt={0} poster={null} title="视频7" attach={fake.attach} onLimit={onLimit} />)
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1))
    fireEvent(video(), new Event('ended'))
    expect(onLimit).not.toHaveBeenCalled()
  })
})
