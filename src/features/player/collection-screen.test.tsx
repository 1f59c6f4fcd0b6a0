import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Collection } from '../../../core/contracts/media.ts'
import type { AttachOptions } from '../../lib/hls-source.ts'
import { CollectionScreen } from './collection-screen.tsx'
import { playerStore, playInfo, renderAt, videoCard, type Post } from './testing.tsx'

afterEach(cleanup)

// Covers stay placeholders: no image requests from a unit test.
vi.mock('../../lib/image-fallback.ts', () => ({ pageImageFallback: () => ({ load: () => new Promise(() => {}) }) }))

const collection = (patch: Partial<Collection> = {}): Collection => ({
  id: 3,
  name: '城市夜行',
  description: '当城市睡去',
  cover: 'c/col.jpg',
  coverWidth: 16,
  coverHeight: 9,
  videoCount: 3,
  price: 500,
  ...patch,
})

function open(post: Post) {
  const kit = playerStore(post)
  const attached: string[] = []
  const attach = vi.fn((_video: HTMLVideoElement, url: string, _options: AttachOptions) => {
    attached.push(url)
    return () => undefined
  })
  renderAt(
    '/play/videoCollection?id=3',
    '/play/videoCollection',
    () => <CollectionScreen id={3} config={null} playerOptions={{ attach }} />,
    kit.store,
  )
  return { ...kit, attached }
}

const episodes = [videoCard(21, { title: '第一站' }), videoCard(22, { title: '第二站' }), videoCard(23)]

describe('CollectionScreen', () => {
  it('lists the episodes, plays the first in place, and a tap plays another; 详情 links its own page', async () => {
    const { attached } = open(async (name, body) => {
      if (name === 'media/collect/details')
        return {
          collection: collection({ price: 0 }),
          items: episodes,
          nextCursor: null,
          access: { owned: false, balance: 0 },
        }
      return playInfo(body.id as number)
    })
    const list = await screen.findByRole('list')
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    await vi.waitFor(() => expect(attached).toEqual(['https://vid1.example/hls/21/master.m3u8?pt=tok21']))
    expect(screen.getByRole('button', { name: /第一站/ }).getAttribute('aria-current')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: /第二站/ }))
    await vi.waitFor(() => expect(attached).toHaveLength(2))
    expect(attached[1]).toBe('https://vid1.example/hls/22/master.m3u8?pt=tok22')
    expect(screen.getByRole('button', { name: /第二站/ }).getAttribute('aria-current')).toBe('true')
    expect(within(list).getAllByRole('link', { name: '详情' })[1]!.getAttribute('href')).toBe('/play/longVideo?id=22')
  })

  it('a priced collection unlocks whole through media/collect/pay, then its episode plays', async () => {
    let bought = false
    const { post, attached } = open(async (name, body) => {
      if (name === 'media/collect/details') {
        const access = { owned: bought, balance: bought ? 100 : 600 }
        return { collection: collection(), items: episodes, nextCursor: null, access }
      }
      if (name === 'media/collect/pay') {
        bought = true
        return { alreadyOwned: false, balance: 100 }
      }
      return bought
        ? playInfo(body.id as number)
        : playInfo(body.id as number, { lock: 'price', lines: [], balance: 600 })
    })
    fireEvent.click(await screen.findByRole('button', { name: '解锁合集 5钻石' }))
    const sheet = await screen.findByRole('dialog', { name: '解锁合集' })
    expect(within(sheet).getByTestId('unlock-price').textContent).toBe('5钻石')
    expect(within(sheet).getByTestId('unlock-balance').textContent).toBe('6钻石')
    fireEvent.click(within(sheet).getByRole('button', { name: '确认解锁' }))
    await vi.waitFor(() => expect(attached).toEqual(['https://vid1.example/hls/21/master.m3u8?pt=tok21']))
    expect(post).toHaveBeenCalledWith('media/collect/pay', { id: 3 })
    expect(post).not.toHaveBeenCalledWith('media/pay', expect.anything())
    expect(screen.getByText('已购买合集')).toBeTruthy()
  })

  it('a collection the user already owns offers no unlock on load and its episodes play', async () => {
    const { post, attached } = open(async (name, body) => {
      if (name === 'media/collect/details') {
        return { collection: collection(), items: episodes, nextCursor: null, access: { owned: true, balance: 0 } }
      }
      return playInfo(body.id as number)
    })
    await vi.waitFor(() => expect(attached).toEqual(['https://vid1.example/hls/21/master.m3u8?pt=tok21']))
    expect(screen.getByText('已购买合集')).toBeTruthy()
    expect(screen.queryByText('5钻石')).toBeNull()
    expect(screen.queryByRole('button', { name: /解锁/ })).toBeNull()
    expect(post).not.toHaveBeenCalledWith('media/collect/pay', expect.anything())
  })

  it('loads more episodes on demand', async () => {
    const free = { collection: collection({ price: 0 }), access: { owned: false, balance: 0 } }
    const { post } = open(async (name, body) => {
      if (name === 'media/collect/details') {
        return body.cursor
          ? { ...free, items: [videoCard(24, { title: '第四站' })], nextCursor: null }
          : { ...free, items: episodes, nextCursor: 'next' }
      }
      return playInfo(body.id as number)
    })
    fireEvent.click(await screen.findByRole('button', { name: '加载更多' }))
    expect(await screen.findByRole('button', { name: /第四站/ })).toBeTruthy()
    expect(post).toHaveBeenCalledWith('media/collect/details', { id: 3, cursor: 'next' })
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull()
  })
})
