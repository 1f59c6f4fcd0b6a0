import type { Page } from '../../../core/contracts/media.ts'
import { createPagedList, pagedListFor } from '../../features/catalogue/paged-list.ts'
import type { ListMaker, PageSource } from '../../features/community/api.ts'

/** The community's lists are the catalogue's paged lists: one per source key, kept between visits. */
export const communityLists: ListMaker = <T>(source: PageSource<Page<T>>) =>
  pagedListFor(source.key, () => createPagedList<T, Page<T>>(source.key, source.fetchPage))
