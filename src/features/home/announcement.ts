import { pingAnnouncement } from '../../../core/contracts/calls.ts'
import { offlineReadsAtom } from '../../lib/offline-reads.ts'
import { queryAtoms } from '../../lib/query-state.ts'
import { apiAtom } from '../../lib/store.ts'

/** ping/announcement: the latest announcement, or null when there is none; offline, the last one seen. */
const announcement = queryAtoms(async (get) => {
  const { data } = await get(offlineReadsAtom).read(pingAnnouncement.name, undefined, () =>
    get(apiAtom).call(pingAnnouncement),
  )
  return data
})

export const announcementAtom = announcement.stateAtom
export const loadAnnouncementAtom = announcement.loadAtom
export const startAnnouncementAtom = announcement.startAtom
