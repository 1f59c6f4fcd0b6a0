import { atom } from 'jotai'
import type { Announcement } from '../../../core/contracts/config.ts'
import { errorMessage } from '../../lib/http.ts'
import type { QueryState } from '../../lib/query-state.ts'
import { apiAtom } from '../../lib/store.ts'

function isAnnouncement(value: unknown): value is Announcement {
  const item = value as { title?: unknown; content?: unknown } | null
  return typeof item?.title === 'string' && typeof item.content === 'string'
}

/** ping/announcement answers one announcement, a list (newest first) or nothing. */
export function pickAnnouncement(data: unknown): Announcement | null {
  if (Array.isArray(data)) return data.find(isAnnouncement) ?? null
  if (isAnnouncement(data)) return data
  const nested = (data as { announcement?: unknown; list?: unknown } | null) ?? null
  if (nested && 'announcement' in nested) return pickAnnouncement(nested.announcement)
  if (nested && 'list' in nested) return pickAnnouncement(nested.list)
  return null
}

const stateAtom = atom<QueryState<Announcement | null>>({ status: 'idle' })

export const announcementAtom = atom((get) => get(stateAtom))

export const loadAnnouncementAtom = atom(null, async (get, set) => {
  const previous = get(stateAtom)
  if (previous.status === 'loading') return
  set(stateAtom, previous.status === 'success' ? { ...previous, refreshing: true } : { status: 'loading' })
  try {
    const data = await get(apiAtom).post<unknown>('ping/announcement', {})
    set(stateAtom, { status: 'success', data: pickAnnouncement(data) })
  } catch (error) {
    set(stateAtom, { status: 'error', message: errorMessage(error) })
  }
})
