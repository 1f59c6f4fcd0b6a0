import type { Announcement } from '../../../core/contracts/config.ts'
import { offlineReadsAtom } from '../../lib/offline-reads.ts'
import { queryAtoms } from '../../lib/query-state.ts'
import { apiAtom } from '../../lib/store.ts'

// A hand check rather than AnnouncementSchema: zod would add ~25 KiB to the first visit.
function isAnnouncement(value: unknown): value is Announcement {
  const item = value as { title?: unknown; content?: unknown } | null
  return typeof item?.title === 'string' && typeof item.content === 'string'
}

/** ping/announcement: the latest announcement, or null when there is none; offline, the last one seen. */
const announcement = queryAtoms(async (get) => {
  const api = get(apiAtom)
  const { data } = await get(offlineReadsAtom).read('ping/announcement', {}, () =>
    api.post<unknown>('ping/announcement', {}),
  )
  return isAnnouncement(data) ? data : null
})

export const announcementAtom = announcement.stateAtom
export const loadAnnouncementAtom = announcement.loadAtom
export const startAnnouncementAtom = announcement.startAtom
