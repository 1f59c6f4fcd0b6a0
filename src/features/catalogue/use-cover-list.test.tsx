import { act, cleanup, render } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from '../../../core/contracts/media.ts'
import { ApiError, ApiErrorKind } from '../../lib/http.ts'
import { markOfflineAtom, markOnlineAtom } from '../../lib/online-status.ts'
import { createAppStore } from '../../lib/store.ts'
import { createPagedList, type PagedList } from './paged-list.ts'
import { useCoverList } from './use-cover-list.ts'

afterEach(cleanup)

interface Item {
  id: number
  cover: string
}

type Answer = 'fresh' | 'stored' | 'no network'

let lists = 0

/** A one-page list whose reads answer as `answers` say, in turn: fresh, from storage, or not at all. */
function fakeList(...answers: Answer[]) {
  const asked: Answer[] = []
  const list = createPagedList<Item, Page<Item>>(`cover-list-test:${++lists}`, async () => {
    const answer = answers[asked.length] ?? 'fresh'
    asked.push(answer)
    if (answer === 'no network') throw new ApiError(ApiErrorKind.Network, 'offline')
    return { data: { items: [{ id: 1, cover: 'c/1.jpg' }], nextCursor: null }, stale: answer === 'stored', savedAt: 0 }
  })
  return { list, asked }
}

function Screen({ list }: { list: PagedList<Item, Page<Item>> }) {
  useCoverList(list, null)
  return null
}

function show(list: PagedList<Item, Page<Item>>, store = createAppStore()) {
  const view = render(
    <Provider store={store}>
      <Screen list={list} />
    </Provider>,
  )
  return { store, unmount: view.unmount }
}

const settle = () => act(async () => {})

describe('useCoverList, back online', () => {
  it('reloads a list shown from storage once the app is back online', async () => {
    const { list, asked } = fakeList('stored')
    const store = createAppStore()
    store.set(markOfflineAtom)
    show(list, store)
    await settle()
    expect(store.get(list.stateAtom).stale).toBe(true)
    act(() => store.set(markOnlineAtom))
    await settle()
    expect(asked).toEqual(['stored', 'fresh'])
    expect(store.get(list.stateAtom).stale).toBe(false)
  })

  it('reloads a list left from storage by an earlier visit when the screen opens online', async () => {
    const { list, asked } = fakeList('stored')
    const store = createAppStore()
    store.set(markOfflineAtom)
    show(list, store).unmount()
    await settle()
    store.set(markOnlineAtom)
    show(list, store)
    await settle()
    expect(asked).toEqual(['stored', 'fresh'])
  })

  it('loads a first page that failed offline once back online, and not again on a second failure', async () => {
    const { list, asked } = fakeList('no network', 'no network')
    const store = createAppStore()
    store.set(markOfflineAtom)
    show(list, store)
    await settle()
    expect(store.get(list.stateAtom).status).toBe('error')
    act(() => store.set(markOnlineAtom))
    await settle()
    expect(asked).toEqual(['no network', 'no network'])
    expect(store.get(list.stateAtom).status).toBe('error')
  })
})
