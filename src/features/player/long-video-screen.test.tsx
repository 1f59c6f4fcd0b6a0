import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import type { AttachOptions } from '../../lib/hls-source.ts'
import { LongVideoScreen } from './long-video-screen.tsx'
import { playAtoms } from './atoms.ts'
import { deferred, playerStore, playInfo, renderAt, videoCard, type Post } from './testing.tsx'
import type { PlayInfo } from '../../../core/contracts/play.ts'

afterEach(cleanup)

// Covers stay placeholders: no image requests from a unit test.
vi.mock('../../lib/image-fallback.ts', () => ({ pageImageFallback: () => ({ load: () => new Promise(() => {}) }) }))

function show(post: Post, options: Parameters<typeof playerStore>[1] = {}) {
  const kit = playerStore(post, options)
  const attached: string[] = []
  const attach = vi.fn((_video: HTMLVideoElement, url: string, _options: AttachOptions) => {
    attached.push(url)
    return () => undefined
  })
  function Page() {
    return (
      <LongVideoScreen
        id={7}
        config={null}
        renderRelated={(videos) => (
          <ul aria-label="related">
            {videos.map((video) => (
              <li key={video.id}>{video.title}</li>
            ))}
          </ul>
        )}
        playerOptions={{ attach }}
      />
    )
  }
  return { ...kit, attached, Page }
}

function open(post: Post, options: Parameters<typeof playerStore>[1] = {}) {
  const shown = show(post, options)
  const router = renderAt('/play/longVideo?id=7', '/play/longVideo', () => <shown.Page />, shown.store)
  return { ...shown, router }
}

describe('LongVideoScreen', () => {
  it('shows a skeleton, then the player on the first line with title, counts, tags and related videos', async () => {
    const play = deferred<PlayInfo>()
    const { attached, post } = open(() => play.promise)
    expect(await screen.findByRole('status', { name: '加载中…' })).toBeTruthy()
    await act(async () =>
      play.resolve(
        playInfo(
          7,
          { related: [videoCard(8, { title: '相关视频' })] },
          { title: '海边', playCount: 12_345, tags: [{ id: 3, name: '旅行' }] },
        ),
      ),
    )
    expect(await screen.findByRole('heading', { name: '海边' })).toBeTruthy()
    expect(screen.getByText('1.2W次播放')).toBeTruthy()
    expect(screen.getByRole('link', { name: '#旅行' }).getAttribute('href')).toBe(
      '/subpage/labelPage?id=3&name=%E6%97%85%E8%A1%8C',
    )
    expect(within(screen.getByRole('list', { name: 'related' })).getByText('相关视频')).toBeTruthy()
    await vi.waitFor(() => expect(attached).toEqual(['https://vid1.example/hls/7/master.m3u8?pt=tok7']))
    expect(post).toHaveBeenCalledWith('media/play', { id: 7 })
  })

  it('a priced video shows the lock; with no balance the sheet says 余额不足 and links to recharge, then back here', async () => {
    const { attached } = open(async () => playInfo(7, { lock: 'price', lines: [], balance: 0 }, { price: 990 }))
    expect(await screen.findByText('付费视频')).toBeTruthy()
    expect(document.querySelector('video')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '解锁观看' }))
    const sheet = await screen.findByRole('dialog', { name: '解锁视频' })
    expect(within(sheet).getByTestId('unlock-price').textContent).toBe('9.90钻石')
    expect(within(sheet).getByRole('alert').textContent).toContain('余额不足')
    expect(within(sheet).getByRole('link', { name: '去充值' }).getAttribute('href')).toBe(
      '/mine/diamondRecharge?from=%2Fplay%2FlongVideo%3Fid%3D7',
    )
    expect(attached).toEqual([])
  })

  it('a priced video with a preview plays it with 试看 N 秒 and the unlock at hand, then shows 试看结束', async () => {
    const previewLines = [
      { name: '线路1', url: 'https://vid1.example/hls/7/preview/index.m3u8' },
      { name: '线路2', url: 'https://vid2.example/hls/7/preview/index.m3u8' },
    ]
    const { attached } = open(async () =>
      playInfo(7, { lock: 'price', lines: [], previewSeconds: 14.6, previewLines, balance: 0 }, { price: 990 }),
    )
    expect(await screen.findByText('试看 15 秒')).toBeTruthy()
    await vi.waitFor(() => expect(attached).toEqual([previewLines[0]!.url]))
    expect(screen.queryByText('试看结束')).toBeNull()
    // The unlock is one tap away while previewing.
    fireEvent.click(screen.getByRole('button', { name: '解锁观看' }))
    expect(await screen.findByRole('dialog', { name: '解锁视频' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '取消' }))

    const video = document.querySelector('video')!
    video.currentTime = 14.6
    fireEvent(video, new Event('timeupdate'))
    expect(await screen.findByText('试看结束')).toBeTruthy()
    expect(document.querySelector('video')).toBeNull()
    expect(screen.queryByText('试看 15 秒')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '解锁观看' }))
    expect(await screen.findByRole('dialog', { name: '解锁视频' })).toBeTruthy()
  })

  it('unlocking with enough diamonds pays once, fetches the play info again and plays', async () => {
    let bought = false
    const { post, attached } = open(async (name) => {
      if (name === 'media/pay') {
        bought = true
        return { alreadyOwned: false, balance: 10 }
      }
      return bought ? playInfo(7) : playInfo(7, { lock: 'price', lines: [], balance: 1000 }, { price: 990 })
    })
    fireEvent.click(await screen.findByRole('button', { name: '解锁观看' }))
    fireEvent.click(await screen.findByRole('button', { name: '确认解锁' }))
    await vi.waitFor(() => expect(attached).toHaveLength(1))
    expect(screen.queryByRole('dialog')).toBeNull()
    const calls = post.mock.calls.map(([name]) => name).filter((name) => name !== 'media/trackList')
    expect(calls).toEqual(['media/play', 'media/pay', 'media/play'])
  })

  it('the server saying 余额不足 (7001) turns the sheet to the recharge path', async () => {
    open(async (name) => {
      if (name === 'media/pay') throw new ApiError(ApiErrorKind.Business, '余额不足', BusinessCode.InsufficientBalance)
      return playInfo(7, { lock: 'price', lines: [], balance: 5000 }, { price: 990 })
    })
    fireEvent.click(await screen.findByRole('button', { name: '解锁观看' }))
    fireEvent.click(await screen.findByRole('button', { name: '确认解锁' }))
    expect(await screen.findByRole('link', { name: '去充值' })).toBeTruthy()
  })

  it('a VIP-only video asks for a membership and links /mine/vip, then back here', async () => {
    const { router } = open(async () => playInfo(7, { lock: 'vip', lines: [] }, { vip: 2 }))
    expect(await screen.findByText('需要开通会员')).toBeTruthy()
    const link = screen.getByRole('link', { name: '开通会员' })
    expect(link.getAttribute('href')).toBe('/mine/vip?from=%2Fplay%2FlongVideo%3Fid%3D7')
    fireEvent.click(link)
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mine/vip'))
    expect(router.state.location.search).toEqual({ from: '/play/longVideo?id=7' })
    expect(document.querySelector('video')).toBeNull()
  })

  it('an unlocked video with no stream line says it cannot play yet, and a retry asks again', async () => {
    let lines: PlayInfo['lines'] = []
    const { attached, post } = open(async () => playInfo(7, { lines }))
    expect(await screen.findByText('该视频暂时无法播放')).toBeTruthy()
    expect(screen.queryByText('所有线路都无法播放，请稍后重试')).toBeNull()
    expect(document.querySelector('video')).toBeNull()
    lines = [{ name: '线路1', url: 'https://vid1.example/hls/7/master.m3u8?pt=tok7' }]
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    await vi.waitFor(() => expect(attached).toEqual(['https://vid1.example/hls/7/master.m3u8?pt=tok7']))
    expect(post.mock.calls.filter(([name]) => name === 'media/play')).toHaveLength(2)
  })

  it('offline: the last data with 需要联网才能播放 instead of a player', async () => {
    let offline = false
    const shown = show(async () => {
      if (offline) throw new ApiError(ApiErrorKind.Network, '网络连接失败')
      return playInfo(7, {}, { title: '离线可读' })
    })
    await shown.store.set(playAtoms(7).loadAtom)
    await shown.reads.flush()
    offline = true
    renderAt('/play/longVideo?id=7', '/play/longVideo', () => <shown.Page />, shown.store)
    expect(await screen.findByText('需要联网才能播放')).toBeTruthy()
    expect(screen.getByRole('heading', { name: '离线可读' })).toBeTruthy()
    expect(document.querySelector('video')).toBeNull()
    expect(screen.getByRole('button', { name: /点赞/ }).hasAttribute('disabled')).toBe(true)
  })

  it('an error with nothing stored shows the message and a retry that loads again', async () => {
    let fail = true
    open(async () => {
      if (fail) throw new ApiError(ApiErrorKind.Network, '网络连接失败，请检查网络后重试')
      return playInfo(7, {}, { title: '又能看了' })
    })
    expect((await screen.findByRole('alert')).textContent).toContain('网络连接失败')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('heading', { name: '又能看了' })).toBeTruthy()
  })

  it('a like shows at once and is taken back when the call fails', async () => {
    const like = deferred<unknown>()
    open((name) => (name === 'media/like' ? like.promise : Promise.resolve(playInfo(7, {}, { likeCount: 10 }))))
    const button = await screen.findByRole('button', { name: /点赞/ })
    fireEvent.click(button)
    expect(button.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByTestId('like-count').textContent).toBe('11')
    await act(async () => like.reject(new ApiError(ApiErrorKind.Network, '网络连接失败')))
    expect(button.getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByTestId('like-count').textContent).toBe('10')
  })
})
