import { atom, type Atom, type Getter, type WritableAtom } from 'jotai'
import { messageLatest, messageList } from '../../../core/contracts/calls-messages.ts'
import type { LatestMessages, Message, MessageType } from '../../../core/contracts/messages.ts'
import type { Page } from '../../../core/contracts/media.ts'
import type { ReadResult } from '../../lib/offline-reads.ts'
import { apiAtom } from '../../lib/store.ts'
import type { InfiniteListState } from '../../ui/infinite-list.tsx'
import { setUnreadTotalAtom } from './unread.ts'

/** message/latest as the message centre last had it: each type's unread count (null until it answers). */
const latestStore = atom<LatestMessages | null>(null)
export const latestAtom = atom((get) => get(latestStore))

/** Asks message/latest for the tabs' counts; the badge follows. */
export const loadLatestAtom = atom(null, async (get, set) => {
  const latest = await get(apiAtom).call(messageLatest)
  set(latestStore, latest)
  set(setUnreadTotalAtom, latest.unread)
})

/**
 * A type's first page was read, which marks the type read on the server: its count and the badge
 * drop at once, then message/latest is asked again (other types may have news meanwhile).
 */
export const markTypeReadAtom = atom(null, async (get, set, type: MessageType) => {
  const before = get(latestStore)
  if (before) {
    const types = before.types.map((entry) => (entry.type === type ? { ...entry, unread: 0 } : entry))
    const unread = types.reduce((sum, entry) => sum + entry.unread, 0)
    set(latestStore, { ...before, unread, types })
    set(setUnreadTotalAtom, unread)
  }
  await set(loadLatestAtom).catch(() => {
    // The counts dropped locally stay; the next visit asks again.
  })
})

/** Where a paged list comes from: its identity and one page (the catalogue's paged list takes these). */
export interface PageSource<R> {
  key: string
  fetchPage(get: Getter, cursor: string | undefined): Promise<ReadResult<R>>
}

/** A paged list as the screen uses it; the route makes it with the catalogue's createPagedList. */
export interface MessagesList {
  stateAtom: Atom<Omit<InfiniteListState, 'items'> & { items: readonly Message[] }>
  loadFirstAtom: WritableAtom<null, [], Promise<void>>
  loadMoreAtom: WritableAtom<null, [], Promise<void>>
}

export type MessagesListMaker = (source: PageSource<Page<Message>>) => MessagesList

/**
 * A type's messages, newest first, a page at a time, never from storage: messages are news, and
 * the first page is what marks them read.
 */
export function messagesSource(type: MessageType): PageSource<Page<Message>> {
  return {
    key: `message/list:${type}`,
    fetchPage: async (get, cursor) => ({
      data: await get(apiAtom).call(messageList, cursor === undefined ? { type } : { type, cursor }),
      stale: false,
      savedAt: Date.now(),
    }),
  }
}
