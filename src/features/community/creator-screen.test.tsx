import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { t } from '../../lib/messages-community.ts'
import { CreatorScreen } from './creator-screen.tsx'
import { creator, EndInReach, page, postCard, Refusal, renderCommunity, testLists, type Post } from './testing.tsx'

vi.mock('../../lib/image-fallback.ts', () => ({ pageImageFallback: () => ({ load: () => new Promise(() => {}) }) }))

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', EndInReach)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function open(post: Post, url = '/community/upInfo?id=9') {
  const id = Number(new URL(url, 'http://x').searchParams.get('id')) || undefined
  return renderCommunity(
    url,
    '/community/upInfo',
    () => <CreatorScreen id={id} config={null} userId={5} lists={testLists()} title="创作者主页" />,
    post,
  )
}

const answers =
  (info: ReturnType<typeof creator>, extra: Post = async () => undefined): Post =>
  async (name, body) => {
    if (name === 'upblogers/info') return info
    if (name === 'post/list') return page([postCard(1, { content: '创作者的帖子' })])
    return extra(name, body)
  }

describe('CreatorScreen', () => {
  it('shows the profile, its counts and their posts', async () => {
    const { post } = open(answers(creator(9, { followers: 12_000 })))
    expect(await screen.findByRole('status', { name: t.common.loading })).toBeTruthy()
    expect(await screen.findByRole('heading', { name: '创作者9' })).toBeTruthy()
    expect(screen.getByText('简介文字')).toBeTruthy()
    const counts = screen.getByRole('heading', { name: '创作者9' }).parentElement!.querySelector('dl')!
    expect(within(counts).getByText('1.2W')).toBeTruthy()
    expect(within(counts).getByText('1.2K')).toBeTruthy()
    expect(await screen.findByText('创作者的帖子')).toBeTruthy()
    expect(screen.getByText(t.common.noMore)).toBeTruthy()
    expect(post).toHaveBeenCalledWith('upblogers/info', { id: 9 })
    expect(post).toHaveBeenCalledWith('post/list', { sort: 'latest', authorId: 9 })
  })

  it('follows and unfollows, showing the follower count the server gives', async () => {
    const { post } = open(
      answers(creator(9), async (name, body) =>
        name === 'upblogers/cares' ? { followed: body.follow === true, followers: body.follow ? 13 : 12 } : undefined,
      ),
    )
    const follow = await screen.findByRole('button', { name: t.community.follow })
    await act(async () => fireEvent.click(follow))
    expect(screen.getByRole('button', { name: t.community.followed }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByText('13')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.community.followed })))
    expect(screen.getByRole('button', { name: t.community.follow })).toBeTruthy()
    expect(post.mock.calls.filter(([name]) => name === 'upblogers/cares').map(([, body]) => body)).toEqual([
      { id: 9, follow: true },
      { id: 9, follow: false },
    ])
  })

  it('blocks only after a confirmation, then hides their posts; unblocking shows them again', async () => {
    const { post } = open(
      answers(creator(9), async (name, body) => (name === 'user/block' ? { blocked: body.block === true } : undefined)),
    )
    expect(await screen.findByText('创作者的帖子')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: t.community.block }))
    const confirm = screen.getByRole('alertdialog', { name: t.community.blockTitle })
    // Cancelling changes nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: t.community.cancel }))
    expect(post).not.toHaveBeenCalledWith('user/block', expect.anything())

    fireEvent.click(screen.getByRole('button', { name: t.community.block }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.community.blockConfirm })))
    expect(post).toHaveBeenCalledWith('user/block', { id: 9, block: true })
    expect(screen.getByText(t.community.blockedHint)).toBeTruthy()
    expect(screen.queryByText('创作者的帖子')).toBeNull()
    expect(screen.queryByRole('button', { name: t.community.follow })).toBeNull()

    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.community.unblock })))
    expect(post).toHaveBeenCalledWith('user/block', { id: 9, block: false })
    expect(await screen.findByText('创作者的帖子')).toBeTruthy()
  })

  it('reports the user with a reason', async () => {
    const { post } = open(answers(creator(9), async () => null))
    fireEvent.click(await screen.findByRole('button', { name: t.community.report }))
    const sheet = screen.getByRole('dialog', { name: t.community.reportUser })
    fireEvent.click(within(sheet).getByRole('radio', { name: t.community.reportOther }))
    fireEvent.change(within(sheet).getByRole('textbox', { name: t.community.reportOtherLabel }), {
      target: { value: '冒充他人' },
    })
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: t.community.reportSubmit })))
    expect(post).toHaveBeenCalledWith('report/add', { targetType: 'user', targetId: 9, reason: '冒充他人' })
  })

  it('one’s own page has no follow, block or report', async () => {
    open(answers(creator(5, { self: true })), '/community/upInfo?id=5')
    expect(await screen.findByRole('heading', { name: '创作者5' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t.community.self)
    for (const name of [t.community.follow, t.community.block, t.community.report]) {
      expect(screen.queryByRole('button', { name })).toBeNull()
    }
  })

  it('an unknown user is not found; a failed load has a retry', async () => {
    open(async () => new Refusal(BusinessCode.NotFound, '内容不存在'))
    expect(await screen.findByText(t.community.userMissing)).toBeTruthy()
    cleanup()
    let fail = true
    open(async (name, body) => {
      if (fail) return new Refusal(500, '服务器繁忙')
      return answers(creator(9))(name, body)
    })
    const retry = await screen.findByRole('button', { name: t.common.retry })
    fail = false
    fireEvent.click(retry)
    expect(await screen.findByRole('heading', { name: '创作者9' })).toBeTruthy()
  })

  it('a creator with no posts says so', async () => {
    open(async (name) => (name === 'upblogers/info' ? creator(9) : page([])))
    expect(await screen.findByText(t.community.noPosts)).toBeTruthy()
  })
})
