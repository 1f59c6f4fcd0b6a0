import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { t } from '../../lib/messages-community.ts'
import type { UnlockOutcome } from './api.ts'
import { draftKey } from './comment-draft.ts'
import { PostDetailScreen, type PostDetailScreenProps } from './post-detail-screen.tsx'
import {
  comment,
  EndInReach,
  image,
  page,
  postDetail,
  Refusal,
  renderCommunity,
  testLists,
  thread,
  type Post,
} from './testing.tsx'

vi.mock('../../lib/image-fallback.ts', () => ({ pageImageFallback: () => ({ load: () => new Promise(() => {}) }) }))

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', EndInReach)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** Storage over a Map, standing in for localStorage. */
function memoryStorage() {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
}

/** The route's unlock sheet stands in here: confirm, and the outcome it got. */
function StubUnlock(props: Parameters<PostDetailScreenProps['renderUnlock']>[0]) {
  const handleConfirm = async () => {
    const outcome: UnlockOutcome = await props.onConfirm()
    if (outcome.status === 'paid') props.onUnlocked()
    else document.body.dataset.outcome = outcome.status
  }
  return (
    <div role="dialog" aria-label={props.title}>
      <p>
        {props.price}/{props.balance}
      </p>
      <button type="button" onClick={() => void handleConfirm()}>
        confirm
      </button>
    </div>
  )
}

function open(post: Post, patch: Partial<PostDetailScreenProps> = {}, url = '/community/postDetail?id=1') {
  const storage = patch.draftStorage ?? memoryStorage()
  const share = patch.share ?? { copy: vi.fn(async () => {}) }
  const id = Number(new URL(url, 'http://x').searchParams.get('id')) || undefined
  const kit = renderCommunity(
    url,
    '/community/postDetail',
    () => (
      <PostDetailScreen
        id={id}
        config={null}
        userId={5}
        lists={testLists()}
        renderVideo={(video) => <p data-testid="player">{video.lines.map((line) => line.url).join(',')}</p>}
        renderUnlock={(sheet) => <StubUnlock {...sheet} />}
        share={share}
        draftStorage={storage}
        {...patch}
      />
    ),
    post,
  )
  return { ...kit, storage, share }
}

const answers =
  (detail: ReturnType<typeof postDetail>, extra: Post = async () => undefined): Post =>
  async (name, body) => {
    if (name === 'post/detail') return detail
    if (name === 'comment/list') return page([])
    return extra(name, body)
  }

describe('PostDetailScreen', () => {
  it('shows the post with its images, video player, counts, and the comments', async () => {
    const { post } = open(
      answers(
        postDetail(1, {
          content: '海边的一天',
          images: [image('a'), image('b')],
          imageCount: 2,
          video: { state: 'ready', cover: 'v.jpg', coverWidth: 16, coverHeight: 9, duration: 20 },
          hasVideo: true,
          lines: [{ name: '线路1', url: 'https://vid.example/hls/9/master.m3u8?pt=x' }],
        }),
      ),
    )
    expect(await screen.findByRole('status', { name: t.common.loading })).toBeTruthy()
    expect(await screen.findByText('海边的一天')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: /查看图片/ })).toHaveLength(2)
    expect(screen.getByTestId('player').textContent).toBe('https://vid.example/hls/9/master.m3u8?pt=x')
    expect(await screen.findByText(t.community.noComments)).toBeTruthy()
    expect(post).toHaveBeenCalledWith('post/detail', { id: 1 })
    expect(post).toHaveBeenCalledWith('comment/list', { postId: 1 })
  })

  it('a video still processing says 处理中, a failed one 视频处理失败; neither plays', async () => {
    open(
      answers(
        postDetail(1, {
          video: { state: 'processing', cover: '', coverWidth: 0, coverHeight: 0, duration: 9 },
          hasVideo: true,
        }),
      ),
    )
    expect(await screen.findByText(t.community.processing)).toBeTruthy()
    expect(screen.getByText(t.community.processingHint)).toBeTruthy()
    expect(screen.queryByTestId('player')).toBeNull()
    cleanup()
    open(
      answers(
        postDetail(1, {
          video: { state: 'failed', cover: '', coverWidth: 0, coverHeight: 0, duration: 9 },
          hasVideo: true,
        }),
      ),
    )
    expect((await screen.findAllByText(t.community.videoFailed)).length).toBeGreaterThan(0)
    expect(screen.queryByTestId('player')).toBeNull()
  })

  it('an unknown or hidden post, or a bad id, is not found, with no retry', async () => {
    open(async () => new Refusal(BusinessCode.NotFound, '内容不存在'))
    expect(await screen.findByText(t.community.postMissing)).toBeTruthy()
    expect(screen.queryByRole('button', { name: t.common.retry })).toBeNull()
    cleanup()
    const { post } = open(async () => postDetail(1), {}, '/community/postDetail?id=abc')
    expect(await screen.findByText(t.community.postMissing)).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
  })

  it('a failed load shows the error and a retry that asks again', async () => {
    let fail = true
    open(async (name) => {
      if (name === 'comment/list') return page([])
      if (fail) return new Refusal(500, '服务器繁忙')
      return postDetail(1, { content: '回来了' })
    })
    fireEvent.click(await screen.findByRole('button', { name: t.common.retry }))
    fail = false
    fireEvent.click(await screen.findByRole('button', { name: t.common.retry }))
    expect(await screen.findByText('回来了')).toBeTruthy()
  })

  it('a locked post shows its first lines and the lock, never images; unlocking pays and loads it again', async () => {
    let bought = false
    const { post } = open(async (name) => {
      if (name === 'comment/list') return page([])
      if (name === 'post/pay') {
        bought = true
        return { alreadyOwned: false, balance: 10 }
      }
      return bought
        ? postDetail(1, { content: '全部内容', images: [image('a')], imageCount: 1, price: 990 })
        : postDetail(1, { content: '开头', truncated: true, imageCount: 1, price: 990, locked: true, balance: 1000 })
    })
    expect(await screen.findByText('开头…')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /查看图片/ })).toBeNull()
    expect(screen.getByText(t.community.lockedSummary('全文、1张图片'))).toBeTruthy()
    // No comments on what cannot be read.
    expect(screen.queryByRole('textbox')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: t.community.unlock('9.90') }))
    const sheet = screen.getByRole('dialog', { name: t.community.unlockTitle })
    expect(within(sheet).getByText('990/1000')).toBeTruthy()
    fireEvent.click(within(sheet).getByRole('button', { name: 'confirm' }))
    expect(await screen.findByText('全部内容')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: /查看图片/ })).toHaveLength(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(post.mock.calls.map(([name]) => name).filter((name) => name !== 'comment/list')).toEqual([
      'post/detail',
      'post/pay',
      'post/detail',
    ])
  })

  it('the server saying 余额不足 (7001) is the sheet’s insufficient outcome, not an error', async () => {
    open(async (name) => {
      if (name === 'comment/list') return page([])
      if (name === 'post/pay') return new Refusal(BusinessCode.InsufficientBalance, '余额不足')
      return postDetail(1, { truncated: true, imageCount: 1, price: 990, locked: true })
    })
    fireEvent.click(await screen.findByRole('button', { name: t.community.unlock('9.90') }))
    fireEvent.click(screen.getByRole('button', { name: 'confirm' }))
    await waitFor(() => expect(document.body.dataset.outcome).toBe('insufficient'))
    delete document.body.dataset.outcome
  })

  it('展开更多回复 appends the next replies of a thread, retries after an error, and goes once all show', async () => {
    const first = Array.from({ length: 20 }, (_, i) => comment(100 + i, { parentId: 7 }))
    const reply = (id: number) => thread(id, { parentId: 7 })
    let release: (() => void) | null = null
    let failed = false
    const { post } = open(async (name, body) => {
      if (name === 'post/detail') return postDetail(1, { commentCount: 26 })
      if (name === 'comment/list' && body.parentId === undefined)
        return page([thread(7, { replies: first, replyCount: 25, repliesCursor: 'r1' })])
      if (name === 'comment/list' && body.cursor === 'r1') {
        if (!failed) {
          failed = true
          return new Refusal(BusinessCode.NotFound, 'gone')
        }
        await new Promise<void>((resolve) => (release = resolve))
        return page([reply(120), reply(121), reply(122)], 'r2')
      }
      if (name === 'comment/list' && body.cursor === 'r2') return page([reply(123), reply(124)])
      return undefined
    })
    expect(await screen.findByText('评论119')).toBeTruthy()
    expect(screen.getByText(t.community.replies('25'))).toBeTruthy()
    const more = screen.getByRole('button', { name: t.community.moreReplies })
    more.focus()
    expect(document.activeElement).toBe(more)

    await act(async () => fireEvent.click(more))
    expect(post).toHaveBeenCalledWith('comment/list', { postId: 1, parentId: 7, cursor: 'r1' })
    expect((await screen.findByRole('alert')).textContent).toBe(t.community.moreRepliesFailed)

    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.community.retryReplies })))
    expect(screen.getByRole('button', { name: t.community.moreReplies }).getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByRole('alert')).toBeNull()
    await act(async () => release?.())
    expect(await screen.findByText('评论122')).toBeTruthy()
    const replies = () =>
      Array.from(document.querySelectorAll('.comment--reply .comment__text')).map((node) => node.textContent)
    expect(replies().slice(-4)).toEqual(['评论119', '评论120', '评论121', '评论122'])

    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.community.moreReplies })))
    expect(post).toHaveBeenCalledWith('comment/list', { postId: 1, parentId: 7, cursor: 'r2' })
    expect(await screen.findByText('评论124')).toBeTruthy()
    expect(replies()).toHaveLength(25)
    expect(replies().at(-1)).toBe('评论124')
    expect(screen.queryByRole('button', { name: t.community.moreReplies })).toBeNull()
    expect(screen.queryByText(t.community.replies('25'))).toBeNull()
  })

  it('comments, replies under their comment, likes on each; a reply goes to the comment it answers', async () => {
    const { post } = open(async (name, body) => {
      if (name === 'comment/list') return page([thread(7, { replies: [comment(8, { parentId: 7 })], replyCount: 1 })])
      if (name === 'post/detail') return postDetail(1, { commentCount: 1 })
      if (name === 'comment/like') return { liked: true, likeCount: 4 }
      if (name === 'comment/add')
        return body.replyTo
          ? comment(21, { content: String(body.content), parentId: 7, replyToNickname: '评论者8' })
          : comment(20, { content: String(body.content) })
      return undefined
    })
    expect(await screen.findByText('评论7')).toBeTruthy()
    const reply = screen.getByText('评论8').closest('.comment--reply')!
    expect(reply.closest('.comment')!.parentElement!.closest('.comment')!.textContent).toContain('评论7')

    await act(async () => fireEvent.click(within(reply as HTMLElement).getByRole('button', { name: /点赞/ })))
    expect(within(reply as HTMLElement).getByRole('button', { name: /已点赞/ }).textContent).toBe('4')
    expect(post).toHaveBeenCalledWith('comment/like', { id: 8, like: true })

    const box = screen.getByRole('textbox', { name: t.community.composer })
    fireEvent.change(box, { target: { value: ' 第一条 ' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.community.send })))
    expect(post).toHaveBeenCalledWith('comment/add', { postId: 1, content: '第一条' })
    expect(await screen.findByText('第一条')).toBeTruthy()
    expect(screen.getByTestId('post-comment-count').textContent).toBe('2')

    fireEvent.click(within(reply as HTMLElement).getByRole('button', { name: t.community.replyTo('评论者8') }))
    expect(screen.getByText(t.community.replyingTo('评论者8'))).toBeTruthy()
    const replyBox = screen.getByRole('textbox', { name: t.community.replyTo('评论者8') })
    expect(document.activeElement).toBe(replyBox)
    fireEvent.change(replyBox, { target: { value: '回你' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.community.send })))
    expect(post).toHaveBeenCalledWith('comment/add', { postId: 1, content: '回你', replyTo: 8 })
    const added = (await screen.findByText('回你')).closest('.comment--reply')!
    expect(added.parentElement!.closest('.comment')!.textContent).toContain('评论7')
    expect(screen.queryByText(t.community.replyingTo('评论者8'))).toBeNull()
  })

  it('keeps the unsent comment per post, and forgets it once sent', async () => {
    const storage = memoryStorage()
    open(
      answers(postDetail(1), async () => comment(20, { content: '草稿内容' })),
      { draftStorage: storage },
    )
    fireEvent.change(await screen.findByRole('textbox', { name: t.community.composer }), {
      target: { value: '草稿内容' },
    })
    expect(storage.data.get(draftKey(1))).toBe('草稿内容')
    cleanup()

    open(
      answers(postDetail(1), async () => comment(20, { content: '草稿内容' })),
      { draftStorage: storage },
    )
    const box = await screen.findByRole('textbox', { name: t.community.composer })
    expect((box as HTMLTextAreaElement).value).toBe('草稿内容')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.community.send })))
    await waitFor(() => expect(storage.data.has(draftKey(1))).toBe(false))
    expect((box as HTMLTextAreaElement).value).toBe('')
  })

  it('a failed send keeps the text and says why', async () => {
    open(answers(postDetail(1), async () => new Refusal(BusinessCode.Banned, '账号已被禁言')))
    const box = await screen.findByRole('textbox', { name: t.community.composer })
    fireEvent.change(box, { target: { value: '你好' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.community.send })))
    expect(await screen.findByText('账号已被禁言')).toBeTruthy()
    expect((box as HTMLTextAreaElement).value).toBe('你好')
  })

  it('like, follow the author, share (copies the link without the Web Share API), report', async () => {
    const copy = vi.fn(async () => {})
    const { post } = open(
      answers(postDetail(1, { likeCount: 3 }), async (name, body) => {
        if (name === 'post/like') return { liked: true, likeCount: 4 }
        if (name === 'upblogers/cares') return { followed: body.follow === true, followers: 1 }
        if (name === 'report/add') return null
        return undefined
      }),
      { share: { copy } },
    )
    const like = await screen.findByRole('button', { name: /点赞/ })
    await act(async () => fireEvent.click(like))
    expect(screen.getByTestId('post-like-count').textContent).toBe('4')
    expect(post).toHaveBeenCalledWith('post/like', { id: 1, like: true })

    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.community.follow })))
    expect(screen.getByRole('button', { name: t.community.followed }).getAttribute('aria-pressed')).toBe('true')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.community.followed })))
    expect(screen.getByRole('button', { name: t.community.follow })).toBeTruthy()
    expect(post.mock.calls.filter(([name]) => name === 'upblogers/cares').map(([, body]) => body)).toEqual([
      { id: 101, follow: true },
      { id: 101, follow: false },
    ])

    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.community.share })))
    expect(copy).toHaveBeenCalledWith(`${window.location.origin}/community/postDetail?id=1`)
    expect(await screen.findByText(t.community.linkCopied)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: t.community.report }))
    const sheet = screen.getByRole('dialog', { name: t.community.reportPost })
    const submit = within(sheet).getByRole('button', { name: t.community.reportSubmit })
    expect((submit as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(sheet).getByRole('radio', { name: '广告骚扰' }))
    await act(async () => fireEvent.click(submit))
    expect(post).toHaveBeenCalledWith('report/add', { targetType: 'post', targetId: 1, reason: '广告骚扰' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await screen.findByText(t.community.reported)).toBeTruthy()
  })

  it('shares through navigator.share where the browser has it', async () => {
    const share = vi.fn(async () => {})
    const copy = vi.fn(async () => {})
    open(answers(postDetail(1, { content: '标题' })), { share: { share, copy } })
    const button = await screen.findByRole('button', { name: t.community.share })
    await act(async () => fireEvent.click(button))
    expect(share).toHaveBeenCalledWith({ title: '标题', url: `${window.location.origin}/community/postDetail?id=1` })
    expect(copy).not.toHaveBeenCalled()
  })

  it('on one’s own post: no follow or report, and its review state', async () => {
    open(
      answers(
        postDetail(1, { author: { id: 5, nickname: '我', avatar: '' }, state: 'rejected', rejectReason: '图片违规' }),
      ),
    )
    expect(await screen.findByText(t.community.rejected('图片违规'))).toBeTruthy()
    expect(screen.queryByRole('button', { name: t.community.follow })).toBeNull()
    expect(screen.queryByRole('button', { name: t.community.report })).toBeNull()
  })
})
