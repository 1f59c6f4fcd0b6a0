import type { Getter } from 'jotai'
import { aicustomerserviceList, feedbackList, pingContact } from '../../../core/contracts/calls-support.ts'
import type { Page } from '../../../core/contracts/media.ts'
import type { Feedback } from '../../../core/contracts/support.ts'
import { offlineReadsAtom, type ReadResult } from '../../lib/offline-reads.ts'
import { queryAtoms } from '../../lib/query-state.ts'
import { apiAtom } from '../../lib/store.ts'

export type FeedbackPage = Page<Feedback>

/** The customer-service channels (ping/contact), read once a visit; kf, onLine, officialGroup and recruitment share it. */
export const contactQuery = queryAtoms((get) => get(apiAtom).call(pingContact))

/** The FAQ entries the chat matches questions against. */
export const faqQuery = queryAtoms((get) => get(apiAtom).call(aicustomerserviceList))

/** The caller's feedback with replies (feedback/list), stored per user for offline visits, as my posts are. */
export function feedbackSource(userId: number | null) {
  const user = userId ?? 0
  return {
    key: `mine:${feedbackList.name}:${user}`,
    fetchPage(get: Getter, cursor: string | undefined): Promise<ReadResult<FeedbackPage>> {
      const body = cursor === undefined ? {} : { cursor }
      return get(offlineReadsAtom).read(feedbackList.name, { ...body, user }, () =>
        get(apiAtom).call(feedbackList, body),
      )
    },
  }
}
