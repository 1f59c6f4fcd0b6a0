import { atom, type Getter } from 'jotai'
import { upblogersCares, upblogersFollowed, upblogersList, userList } from '../../../core/contracts/calls-community.ts'
import type { CreatorCard } from '../../../core/contracts/community.ts'
import type { RankOrder, RankPeriod } from '../../../core/contracts/community-rules.ts'
import type { Page } from '../../../core/contracts/media.ts'
import { offlineReadsAtom, type ReadResult } from '../../lib/offline-reads.ts'
import { apiAtom } from '../../lib/store.ts'

export type CreatorPage = Page<CreatorCard>

export interface PagedSource<R> {
  /** Identity of the list: the call and its parameters (and the user where the list is theirs). */
  key: string
  /** One page through the offline reads (offline: the stored page, marked stale). */
  fetchPage(get: Getter, cursor: string | undefined): Promise<ReadResult<R>>
}

/** The creators the caller follows (upblogers/followed), stored per user for offline visits. */
export function followedSource(userId: number | null): PagedSource<CreatorPage> {
  const user = userId ?? 0
  return {
    key: `mine:${upblogersFollowed.name}:${user}`,
    fetchPage(get, cursor) {
      const body = cursor === undefined ? {} : { cursor }
      return get(offlineReadsAtom).read(upblogersFollowed.name, { ...body, user }, () =>
        get(apiAtom).call(upblogersFollowed, body),
      )
    },
  }
}

/** Creators whose nickname holds `keyword` (user/list). */
export function creatorSearchSource(keyword: string): PagedSource<CreatorPage> {
  return {
    key: `${userList.name}:${JSON.stringify(keyword)}`,
    fetchPage(get, cursor) {
      const body = cursor === undefined ? { keyword } : { keyword, cursor }
      return get(offlineReadsAtom).read(userList.name, body, () => get(apiAtom).call(userList, body))
    },
  }
}

/** One ranking (upblogers/list): the top creators of a period by followers, likes or income. */
export const loadRankAtom = atom(null, (get, _set, period: RankPeriod, by: RankOrder) => {
  const body = { period, by }
  return get(offlineReadsAtom).read(upblogersList.name, body, () => get(apiAtom).call(upblogersList, body))
})

/** upblogers/cares: follows or unfollows; answers the new state and follower count. */
export const setFollowAtom = atom(null, (get, _set, id: number, follow: boolean) =>
  get(apiAtom).call(upblogersCares, { id, follow }),
)
