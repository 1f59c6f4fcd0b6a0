import type { Announcement } from '../../../core/contracts/config.ts'
import { queryAtoms } from '../../lib/query-state.ts'
import { apiAtom } from '../../lib/store.ts'

// A hand check rather than AnnouncementSchema: zod would add ~25 KiB to the first visit.
function isAnnouncement(value: unknown): value is Announcement {
  const item = value as { title?: unknown; content?: unknown } | null
  return typeof item?.title === 'string' && typeof item.content === 'string'
}

/** ping/announcement: the latest announcement, or null when there is none. */
const announcement = queryAtoms(async (get) => {
  const data = await get(apiAtom).post<unknown>('ping/announcement', {})
  return isAnnouncement(data) ? data : null
})

export const announcementAtom = announcement.stateAtom
export const loadAnnouncementAtom = announcement.loadAtom
