import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import type { HomeSection } from '../../../core/contracts/media.ts'
import { appPath } from '../../../core/links/app-path.ts'
import { t } from '../../lib/messages.ts'
import { queryAtoms } from '../../lib/query-state.ts'
import { InfiniteList } from '../../ui/infinite-list.tsx'
import { ErrorState } from '../../ui/state-views.tsx'
import { AppLink } from './app-link.tsx'
import { catalogueList, readCatalogue } from './paged-list.ts'
import { VideoGrid, VideoGridSkeleton, type ImageDomains } from './video-card.tsx'
import { useCoverList } from './use-cover-list.ts'

/** media/home, kept for offline like every catalogue read. */
const home = queryAtoms(async (get) => (await readCatalogue(get, 'media/home', {})).data)

function HomeSectionView({ section, config }: { section: HomeSection; config: ImageDomains | null }) {
  const titleId = `home-section-${section.topic.id}`
  return (
    <section className="home-section" aria-labelledby={titleId}>
      <header className="home-section__header">
        <h2 id={titleId} className="home-section__title">
          {section.topic.name}
        </h2>
        <AppLink
          path={appPath('/topicList', { id: section.topic.id, name: section.topic.name })}
          className="home-section__more"
          aria-label={`${section.topic.name} ${t.catalogue.more}`}
        >
          {t.catalogue.more}
        </AppLink>
      </header>
      <div className={section.style === 2 ? 'home-section__grid home-section__grid--feature' : 'home-section__grid'}>
        <VideoGrid videos={section.videos} config={config} label={section.topic.name} />
      </div>
    </section>
  )
}

/** The sections of media/home: a topic's title, its "更多" link to /topicList, and a grid of its videos. */
export function HomeSections({ config }: { config: ImageDomains | null }) {
  const state = useAtomValue(home.stateAtom)
  const load = useSetAtom(home.loadAtom)
  useEffect(() => {
    if (state.status === 'idle') void load()
  }, [state.status, load])

  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <div className="home-section">
        <VideoGridSkeleton count={4} />
      </div>
    )
  }
  if (state.status === 'error') return <ErrorState message={state.message} onRetry={() => void load()} />
  return (
    <>
      {state.data.sections.map((section) => (
        <HomeSectionView key={section.topic.id} section={section} config={config} />
      ))}
    </>
  )
}

/** "推荐": media/recommend as an endless grid ending in 没有更多了, its next page prefetched on idle. */
export function RecommendList({ config }: { config: ImageDomains | null }) {
  const list = catalogueList('media/recommend', {})
  const { state, loadFirst, loadMore } = useCoverList(list, config)

  return (
    <section className="home-section" aria-labelledby="home-recommend">
      <header className="home-section__header">
        <h2 id="home-recommend" className="home-section__title">
          {t.catalogue.recommend}
        </h2>
      </header>
      <InfiniteList
        state={state}
        onLoadMore={() => void loadMore()}
        onRetry={() => void loadFirst()}
        skeleton={<VideoGridSkeleton count={4} />}
      >
        <VideoGrid videos={state.items} config={config} label={t.catalogue.recommend} />
      </InfiniteList>
    </section>
  )
}
