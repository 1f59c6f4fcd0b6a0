import { describe, expect, it } from 'vitest'
import { storeWithFakeApi } from '../../testing/app-kit.tsx'
import { testUser, withSession } from '../../testing/session-kit.ts'
import { latest } from './testing.ts'
import { setSessionAtom } from '../session/public.ts'
import { setUnreadTotalAtom, unreadTotalAtom } from './unread.ts'
import { refreshUnread, watchUnread } from './unread-refresh.ts'

/** A page whose visibility the test sets, firing visibilitychange like the browser. */
function fakePage() {
  const target = new EventTarget()
  const page = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    show(state: DocumentVisibilityState) {
      page.visibilityState = state
      target.dispatchEvent(new Event('visibilitychange'))
    },
  }
  return page
}

describe('watchUnread', () => {
  it('asks message/latest at start and each time the app comes back to the foreground, not while hidden', async () => {
    const answers = [latest({ reply: 2 }), latest({ reply: 2, like: 3 })]
    const { store, post } = storeWithFakeApi(async () => answers.shift())
    await withSession(store, testUser())
    const page = fakePage()
    const stop = watchUnread(store, page as unknown as Document)
    await expect.poll(() => store.get(unreadTotalAtom)).toBe(2)

    page.show('hidden')
    expect(post).toHaveBeenCalledTimes(1)
    page.show('visible')
    await expect.poll(() => store.get(unreadTotalAtom)).toBe(5)
    expect(post.mock.calls.map(([name]) => name)).toEqual(['message/latest', 'message/latest'])

    stop()
    page.show('visible')
    expect(post).toHaveBeenCalledTimes(2)
  })

  it('asks nothing without a session, and keeps the last count when the call fails', async () => {
    const { store, post } = storeWithFakeApi(async () => {
      throw new Error('offline')
    })
    const page = fakePage()
    watchUnread(store, page as unknown as Document)
    expect(post).not.toHaveBeenCalled()
    await withSession(store, testUser())
    // A new session asks at once.
    await expect.poll(() => post.mock.calls.length).toBe(1)
    expect(store.get(unreadTotalAtom)).toBe(0)
  })

  it('sets 0 on logout, with nothing asked', async () => {
    const { store, post } = storeWithFakeApi(async () => latest({ reply: 4 }))
    await withSession(store, testUser())
    watchUnread(store, fakePage() as unknown as Document)
    await expect.poll(() => store.get(unreadTotalAtom)).toBe(4)

    store.set(setSessionAtom, null)
    expect(store.get(unreadTotalAtom)).toBe(0)
    expect(post).toHaveBeenCalledTimes(1)
  })

  it('drops an answer that comes back after an account switch, so the new account keeps its own count', async () => {
    let answer = (_value: unknown) => {}
    const answered = new Promise((resolve) => (answer = resolve))
    const { store } = storeWithFakeApi(() => answered)
    await withSession(store, testUser({ id: 1 }), 'tok-old')
    const old = refreshUnread(store)

    await withSession(store, testUser({ id: 2 }), 'tok-new')
    store.set(setUnreadTotalAtom, 1)
    answer(latest({ reply: 9 }))
    expect(await old).toBeNull()
    expect(store.get(unreadTotalAtom)).toBe(1)
  })
})
