import { mediaTagDetails, type mediaTopicDetails } from '../../../core/contracts/calls.ts'
import { useAtomValue } from 'jotai'
import { useId, useState, type ReactNode } from 'react'
import type { ImageDomains } from '../../../core/contracts/domain.ts'
import type { ListSort, Tag, Topic } from '../../../core/contracts/media.ts'
import { formatCount } from '../../../core/format/count.ts'
import { t } from '../../lib/messages-browse.ts'
import { InfiniteList } from '../../ui/infinite-list.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { EmptyState } from '../../ui/state-views.tsx'
import { catalogueList } from './paged-list.ts'
import { SortTabs } from './sort-tabs.tsx'
import { distinctTags, TagChips } from './tag-chips.tsx'
import { VideoGrid, VideoGridSkeleton } from './video-card.tsx'
import './browse.css'
import { useCoverList } from './use-cover-list.ts'

/** Tag chips under a header, from the videos loaded so far. */
const MAX_RELATED_TAGS = 8

type SortedCall = typeof mediaTopicDetails | typeof mediaTagDetails

/** What the header shows of the topic or tag, from the first page's answer. */
interface Subject {
  name: string
  description: string
  videoCount: number
}

function subjectOf(meta: object | null): Subject | null {
  const { topic, tag } = (meta ?? {}) as { topic?: Topic; tag?: Tag }
  const found = topic ?? tag
  if (!found) return null
  return { name: found.name, description: (found as Partial<Topic>).description ?? '', videoCount: found.videoCount }
}

function SubjectHeader({ subject, name, children }: { subject: Subject | null; name: string; children?: ReactNode }) {
  return (
    <section className="browse-head" aria-label={subject?.name ?? name}>
      {subject?.description ? <p className="browse-head__description">{subject.description}</p> : null}
      {subject ? <p className="browse-head__count">{t.browse.videoCount(formatCount(subject.videoCount))}</p> : null}
      {children}
    </section>
  )
}

export interface SortedVideosScreenProps {
  call: SortedCall
  id: number | undefined
  /** The name from the URL, shown until the first page names the topic or tag. */
  name: string | undefined
  config: ImageDomains | null
  fallbackTitle: string
  missingMessage: string
}

/**
 * A topic's or a tag's page: its name, description and count, 最新/最热 tabs (each sort its own
 * list, kept as it was when switching back), related tags, and the videos as an endless grid.
 */
export function SortedVideosScreen({ id, ...props }: SortedVideosScreenProps) {
  if (id === undefined) {
    return (
      <main className="page browse">
        <PageHeader title={props.name ?? props.fallbackTitle} />
        <EmptyState message={props.missingMessage} />
      </main>
    )
  }
  // Another topic is another page: its own sort, starting at 最新.
  return <SortedVideosBody key={id} id={id} {...props} />
}

function SortedVideosBody({ call, id, name, config, fallbackTitle }: SortedVideosScreenProps & { id: number }) {
  const [sort, setSort] = useState<ListSort>('latest')
  const prefix = useId()
  const list = catalogueList(call, { id, sort })
  const other = catalogueList(call, { id, sort: sort === 'latest' ? 'hot' : 'latest' })
  const { state, loadFirst, loadMore } = useCoverList(list, config)
  const otherMeta = useAtomValue(other.stateAtom).meta

  // Either sort's first page names the subject; the other may have loaded first.
  const subject = subjectOf(state.meta) ?? subjectOf(otherMeta)
  const title = subject?.name ?? name ?? fallbackTitle
  const panelId = `${prefix}-panel`
  return (
    <main className="page browse">
      <PageHeader title={title} />
      <SubjectHeader subject={subject} name={title}>
        <SortTabs value={sort} onChange={setSort} panelId={panelId} idPrefix={prefix} />
      </SubjectHeader>
      <div id={panelId} role="tabpanel" aria-labelledby={`${prefix}-${sort}`} className="browse-panel">
        <TagChips tags={distinctTags(state.items, MAX_RELATED_TAGS, call === mediaTagDetails ? id : undefined)} />
        <InfiniteList
          state={state}
          onLoadMore={() => void loadMore()}
          onRetry={() => void loadFirst()}
          skeleton={<VideoGridSkeleton count={6} />}
        >
          <VideoGrid videos={state.items} config={config} label={t.catalogue.videos} />
        </InfiniteList>
      </div>
    </main>
  )
}
