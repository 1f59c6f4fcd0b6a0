import { createRoute } from '@tanstack/react-router'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MessageType } from '../../../core/contracts/messages.ts'
import { t } from '../../lib/messages-inbox.ts'
import { renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { testUser, withSession } from '../../testing/session-kit.ts'
import { createPagedList } from '../catalogue/public.ts'
import type { MessagesListMaker } from './inbox.ts'
import { MessagesScreen } from './messages-screen.tsx'
import { latest, message } from './testing.ts'
import { unreadTotalAtom } from './unread.ts'

afterEach(cleanup)

/** As the route makes it. */
const makeList: MessagesListMaker = (source) => createPagedList(source.key, source.fetchPage)

/** A server whose message/list marks the type read on a first page, as the contract says. */
function fakeServer(unread: Partial<Record<MessageType, number>>, pages: Partial<Record<MessageType, unknown>>) {
  const counts = { ...unread }
  const post: Post = async (name, body) => {
    if (name === 'message/latest') return latest(counts)
    if (name === 'message/list') {
      const type = body.type as MessageType
      if (body.cursor === undefined) counts[type] = 0
      const page = pages[type]
      if (page instanceof Error) throw page
      return page ?? { items: [], nextCursor: null }
    }
    throw new Error(`unexpected ${name}`)
  }
  return post
}

async function renderScreen(post: Post) {
  const { store, post: postMock } = storeWithFakeApi(post)
  await withSession(store, testUser())
  const onOpenLink = vi.fn()
  renderRoutes(store, '/mine/message', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/mine/message',
      component: () => <MessagesScreen onOpenLink={onOpenLink} makeList={makeList} />,
    }),
  ])
  return { store, post: postMock, onOpenLink }
}

const tab = (type: MessageType, unread = 0) =>
  screen.findByRole('tab', { name: t.inbox.tabLabel(t.inbox.types[type], unread) })

describe('MessagesScreen', () => {
  it('shows a tab per type with its unread count; opening a tab lowers its count and the badge', async () => {
    const post = fakeServer(
      { reply: 2, like: 1 },
      {
        system: { items: [message(1, { title: '维护通知', body: '今晚维护', read: true })], nextCursor: null },
        reply: {
          items: [
            message(3, { type: 'reply', title: '新回复', body: '写得好', link: '/community/postDetail?id=8' }),
            message(2, { type: 'reply', title: '旧回复', read: true }),
          ],
          nextCursor: null,
        },
      },
    )
    const { store, post: postMock, onOpenLink } = await renderScreen(post)
    expect((await tab('system')).getAttribute('aria-selected')).toBe('true')
    expect(screen.getAllByRole('tab')).toHaveLength(7)
    expect(await screen.findByText('维护通知')).toBeTruthy()
    await tab('like', 1)
    await waitFor(() => expect(store.get(unreadTotalAtom)).toBe(3))

    fireEvent.click(await tab('reply', 2))
    const panel = screen.getByRole('tabpanel')
    expect(await within(panel).findByText('新回复')).toBeTruthy()
    // Newest first, as the server sends them; the unread one is marked.
    expect(
      within(panel)
        .getAllByText(/回复$/)
        .map((node) => node.textContent),
    ).toEqual(['新回复', '旧回复'])
    expect(within(panel).getAllByRole('img', { name: t.inbox.unreadMark })).toHaveLength(1)
    // The first page marked the type read: its count and the badge drop.
    expect(await tab('reply', 0)).toBeTruthy()
    await waitFor(() => expect(store.get(unreadTotalAtom)).toBe(1))
    expect(postMock).toHaveBeenCalledWith('message/list', { type: 'reply' })

    fireEvent.click(screen.getByRole('button', { name: /新回复/ }))
    expect(onOpenLink).toHaveBeenCalledWith('/community/postDetail?id=8')
    // A message without a link is no button.
    expect(within(panel).queryByRole('button', { name: /旧回复/ })).toBeNull()
  })

  it('moves between tabs with the arrow keys, shows the empty state, and an error with a retry', async () => {
    let fail = true
    const post = fakeServer(
      {},
      {
        get like() {
          return fail
            ? new Error('down')
            : { items: [message(5, { type: 'like', title: '有人点赞' })], nextCursor: null }
        },
      },
    )
    await renderScreen(post)
    expect(await screen.findByText(t.inbox.empty)).toBeTruthy()
    fireEvent.keyDown(await tab('system'), { key: 'ArrowRight' })
    fireEvent.keyDown(await tab('reply'), { key: 'ArrowRight' })
    expect((await tab('like')).getAttribute('aria-selected')).toBe('true')
    const retry = await screen.findByRole('button', { name: t.common.retry })
    fail = false
    fireEvent.click(retry)
    expect(await screen.findByText('有人点赞')).toBeTruthy()
  })
})
