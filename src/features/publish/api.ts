import type { Getter } from 'jotai'
import { postMypublish } from '../../../core/contracts/calls-community.ts'
import type { PostCard } from '../../../core/contracts/community.ts'
import type { Page } from '../../../core/contracts/media.ts'
import { offlineReadsAtom, type ReadResult } from '../../lib/offline-reads.ts'
import { apiAtom } from '../../lib/store.ts'

export type PostPage = Page<PostCard>

export interface PagedSource<R> {
  /** Identity of the list: the call and the user, so one account never shows another's list. */
  key: string
  /** One page through the offline reads (offline: the stored page, marked stale). */
  fetchPage(get: Getter, cursor: string | undefined): Promise<ReadResult<R>>
}

/** The caller's posts in every state (post/mypublish), stored per user for offline visits. */
export function myPostsSource(userId: number | null): PagedSource<PostPage> {
  const user = userId ?? 0
  return {
    key: `mine:${postMypublish.name}:${user}`,
    fetchPage(get, cursor) {
      const body = cursor === undefined ? {} : { cursor }
      return get(offlineReadsAtom).read(postMypublish.name, { ...body, user }, () =>
        get(apiAtom).call(postMypublish, body),
      )
    },
  }
}
