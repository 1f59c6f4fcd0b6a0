import { createRoute } from '@tanstack/react-router'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Contact, FaqEntry, Feedback } from '../../../core/contracts/support.ts'
import { t } from '../../lib/messages-support.ts'
import { Refusal, renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { createPagedList } from '../catalogue/public.ts'
import { feedbackSource, type FeedbackPage } from './api.ts'
import { AutoKfScreen } from './autokf-screen.tsx'
import { GroupsScreen, KfScreen, OnlineScreen, RecruitmentScreen } from './contact-screens.tsx'
import { FeedbackFormScreen, type FeedbackFormDeps } from './feedback-form-screen.tsx'
import { FeedbackListScreen } from './feedback-list-screen.tsx'

class Observer {
  observe() {}
  disconnect() {}
  unobserve() {}
}
beforeEach(() => vi.stubGlobal('IntersectionObserver', Observer))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const CONTACT: Contact = {
  channels: [
    { name: '在线客服', url: '/mine/onLine', note: '每天 9:00–23:00' },
    { name: '邮箱', url: '', note: 'help@marquee.example' },
  ],
  onlineUrl: 'https://land.example/chat',
  groups: [{ name: '官方群', url: 'https://group.marquee.example/official' }],
  recruitment: { title: '创作者招募', text: '欢迎加入', contact: 'recruit@marquee.example' },
}

const FAQ: FaqEntry[] = [
  { id: 1, question: '怎么充值钻石？', answer: '进入钻石充值付款即可。', keywords: ['充值', '钻石'], suggested: true },
  {
    id: 2,
    question: '充值后没有到账怎么办？',
    answer: '查看充值记录。',
    keywords: ['到账', '充值失败'],
    suggested: false,
  },
  { id: 3, question: '如何开通 VIP 会员？', answer: '进入开通会员。', keywords: ['vip', '会员'], suggested: true },
]

const feedback = (id: number, patch: Partial<Feedback> = {}): Feedback => ({
  id,
  type: 'bug',
  content: `反馈${id}`,
  images: [],
  contact: '',
  createdAt: 1_767_225_600,
  reply: '',
  repliedAt: null,
  ...patch,
})

function render(url: string, screenAt: Record<string, () => React.ReactNode>, post: Post) {
  const { store, post: postMock } = storeWithFakeApi(post)
  const router = renderRoutes(store, url, (root) =>
    Object.entries(screenAt).map(([path, component]) => createRoute({ getParentRoute: () => root, path, component })),
  )
  return { post: postMock, router }
}

const fakeUploads = (): FeedbackFormDeps & { upload: ReturnType<typeof vi.fn> } => {
  let n = 0
  return {
    upload: vi.fn(async (_api, _file, options) => {
      options.onProgress?.(5, 10)
      n++
      return { imageId: `image-key-${n}`.padEnd(16, 'x'), url: '', width: 10, height: 10 }
    }),
    preview: () => null,
    revoke: () => {},
  }
}

describe('FeedbackFormScreen', () => {
  it('sends the type, text, uploaded screenshots and contact, then goes to /mine/feedback', async () => {
    const deps = fakeUploads()
    const { post, router } = render(
      '/mine/problemFeedback',
      { '/mine/problemFeedback': () => <FeedbackFormScreen deps={deps} />, '/mine/feedback': () => <p>list</p> },
      async (name) => (name === 'feedback/add' ? { id: 7 } : null),
    )
    fireEvent.click(await screen.findByRole('radio', { name: t.support.feedbackTypes.payment }))
    fireEvent.change(screen.getByLabelText(t.support.content), { target: { value: '充值没到账' } })
    expect(screen.getByLabelText(t.support.counterLabel(5, 500))).toBeTruthy()
    const files = ['a.png', 'b.png'].map((name) => new File(['x'], name, { type: 'image/png' }))
    fireEvent.change(screen.getByLabelText(t.support.addImages), { target: { files } })
    fireEvent.change(screen.getByLabelText(t.support.contact), { target: { value: 'qq 1' } })
    fireEvent.click(screen.getByRole('button', { name: t.support.submit }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/feedback'))
    expect(deps.upload).toHaveBeenCalledTimes(2)
    expect(post).toHaveBeenCalledWith('feedback/add', {
      type: 'payment',
      content: '充值没到账',
      imageIds: ['image-key-1xxxxx', 'image-key-2xxxxx'],
      contact: 'qq 1',
    })
  })

  it('refuses an empty text without sending, and keeps everything when the server refuses', async () => {
    const deps = fakeUploads()
    const { post } = render(
      '/mine/problemFeedback',
      { '/mine/problemFeedback': () => <FeedbackFormScreen deps={deps} /> },
      async () => new Refusal(7052, '今日发布次数已达上限'),
    )
    fireEvent.click(await screen.findByRole('button', { name: t.support.submit }))
    expect((await screen.findByRole('alert')).textContent).toContain(t.support.emptyContent)
    expect(post).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText(t.support.content), { target: { value: '又闪退了' } })
    const file = new File(['x'], 'a.png', { type: 'image/png' })
    fireEvent.change(screen.getByLabelText(t.support.addImages), { target: { files: [file] } })
    fireEvent.click(screen.getByRole('button', { name: t.support.submit }))
    expect((await screen.findByRole('alert')).textContent).toContain('今日发布次数已达上限')
    expect((screen.getByLabelText(t.support.content) as HTMLTextAreaElement).value).toBe('又闪退了')
    fireEvent.click(screen.getByRole('button', { name: t.support.submit }))
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2))
    expect(deps.upload).toHaveBeenCalledTimes(1)
  })

  it('takes images only, at most 4', async () => {
    render(
      '/mine/problemFeedback',
      { '/mine/problemFeedback': () => <FeedbackFormScreen deps={fakeUploads()} /> },
      async () => null,
    )
    const pick = await screen.findByLabelText(t.support.addImages)
    fireEvent.change(pick, { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } })
    expect(screen.getByRole('alert').textContent).toBe(t.support.notImage)
    const files = [1, 2, 3, 4, 5].map((i) => new File(['x'], `${i}.png`, { type: 'image/png' }))
    fireEvent.change(pick, { target: { files } })
    expect(screen.getByRole('alert').textContent).toBe(t.support.tooMany(4))
    expect(screen.getAllByRole('button', { name: /移除截图/ })).toHaveLength(4)
    expect(screen.queryByLabelText(t.support.addImages)).toBeNull()
  })
})

describe('FeedbackListScreen', () => {
  const renderList = (post: Post) => {
    const source = feedbackSource(5)
    const list = createPagedList<Feedback, FeedbackPage>(source.key, source.fetchPage)
    return render(
      '/mine/feedback',
      {
        '/mine/feedback': () => <FeedbackListScreen list={list} config={null} />,
        '/mine/problemFeedback': () => <p>write</p>,
      },
      post,
    )
  }

  it('shows each feedback with the reply or 等待客服回复', async () => {
    renderList(async () => ({
      items: [feedback(2, { reply: '已处理', repliedAt: 1_767_229_200, type: 'payment' }), feedback(1)],
      nextCursor: null,
    }))
    const items = await screen.findAllByRole('article')
    expect(within(items[0]!).getByText('已处理')).toBeTruthy()
    expect(within(items[0]!).getByText(t.support.feedbackTypes.payment)).toBeTruthy()
    expect(within(items[1]!).getByText(t.support.waitingReply)).toBeTruthy()
  })

  it('has an empty state leading to the form', async () => {
    const { router } = renderList(async () => ({ items: [], nextCursor: null }))
    expect(await screen.findByText(t.support.noFeedback)).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: t.support.write }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/problemFeedback'))
  })
})

describe('contact screens', () => {
  const contactApi: Post = async (name) => (name === 'ping/contact' ? CONTACT : null)

  it('kf lists the channels, each opened by the link rules', async () => {
    const open = vi.fn()
    render('/kf', { '/kf': () => <KfScreen onOpenLink={open} /> }, contactApi)
    fireEvent.click(await screen.findByRole('button', { name: /在线客服.*每天/ }))
    expect(open).toHaveBeenCalledWith('/mine/onLine')
    expect(screen.getByText('help@marquee.example')).toBeTruthy()
    expect(screen.getByRole('link', { name: new RegExp(t.support.aiService) }).getAttribute('href')).toBe(
      '/mine/setting/autokf',
    )
  })

  it('kf retries when the channels fail to load', async () => {
    let fail = true
    render('/kf', { '/kf': () => <KfScreen onOpenLink={vi.fn()} /> }, async () => {
      if (fail) throw new Error('down')
      return CONTACT
    })
    const retry = await screen.findByRole('button', { name: t.common.retry })
    fail = false
    fireEvent.click(retry)
    expect(await screen.findByText('help@marquee.example')).toBeTruthy()
  })

  it('onLine waits for a tap to open a web link; an app path opens in the app at once', async () => {
    const open = vi.fn()
    render('/online', { '/online': () => <OnlineScreen onOpenLink={open} /> }, contactApi)
    fireEvent.click(await screen.findByRole('button', { name: t.support.openOnline }))
    expect(open).toHaveBeenCalledWith('https://land.example/chat')
    cleanup()
    const { router } = render(
      '/online',
      { '/online': () => <OnlineScreen onOpenLink={open} />, '/mine/setting/autokf': () => <p>chat</p> },
      async () => ({ ...CONTACT, onlineUrl: '/mine/setting/autokf' }),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/setting/autokf'))
    expect(open).toHaveBeenCalledTimes(1)
  })

  it('officialGroup draws each group link as a QR code', async () => {
    const open = vi.fn()
    render('/groups', { '/groups': () => <GroupsScreen onOpenLink={open} /> }, contactApi)
    const qr = await screen.findByRole('img', { name: t.support.groupQr('官方群') })
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    fireEvent.click(screen.getByRole('button', { name: t.support.joinGroup }))
    expect(open).toHaveBeenCalledWith('https://group.marquee.example/official')
  })

  it('recruitment shows the text and copies the contact', async () => {
    const copy = vi.fn(async () => {})
    render('/r', { '/r': () => <RecruitmentScreen copy={copy} /> }, contactApi)
    expect(await screen.findByText('欢迎加入')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: t.support.copy }))
    expect(copy).toHaveBeenCalledWith('recruit@marquee.example')
  })
})

describe('AutoKfScreen', () => {
  const renderChat = () =>
    render(
      '/mine/setting/autokf',
      { '/mine/setting/autokf': () => <AutoKfScreen />, '/mine/setting/kf': () => <p>kf</p> },
      async (name) => (name === 'aicustomerservice/list' ? { entries: FAQ } : null),
    )
  const ask = (text: string) => {
    fireEvent.change(screen.getByPlaceholderText(t.support.askPlaceholder), { target: { value: text } })
    fireEvent.click(screen.getByRole('button', { name: t.support.ask }))
  }

  it('offers the suggested questions and answers a typed one with related questions', async () => {
    renderChat()
    const suggested = await screen.findByRole('group', { name: t.support.suggested })
    expect(
      within(suggested)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['怎么充值钻石？', '如何开通 VIP 会员？'])
    ask('怎么充值')
    expect(await screen.findByText('进入钻石充值付款即可。')).toBeTruthy()
    const related = screen.getByRole('group', { name: t.support.related })
    expect(within(related).getByRole('button').textContent).toBe('充值后没有到账怎么办？')
    fireEvent.click(within(related).getByRole('button'))
    expect(await screen.findByText('查看充值记录。')).toBeTruthy()
  })

  it('says so when nothing fits and offers 转人工', async () => {
    const { router } = renderChat()
    await screen.findByRole('group', { name: t.support.suggested })
    ask('今天天气不错')
    expect(await screen.findByText(t.support.noMatch)).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: t.support.toHuman }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/setting/kf'))
  })
})
