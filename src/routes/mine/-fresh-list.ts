import type { Getter } from 'jotai'
import type { Page } from '../../../core/contracts/media.ts'
import { createPagedList } from '../../features/catalogue/paged-list.ts'
import type { ReadResult } from '../../lib/offline-reads.ts'

/**
 * The catalogue's paged list of a source, made afresh on each visit (not kept by key): the
 * message centre and the invitation page show news, and their first pages have effects.
 */
export function freshList<T, R extends Page<T>>(source: {
  key: string
  fetchPage(get: Getter, cursor: string | undefined): Promise<ReadResult<R>>
}) {
  return createPagedList<T, R>(source.key, source.fetchPage)
}
