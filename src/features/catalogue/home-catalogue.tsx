import { mediaHome, mediaRecommend } from '../../../core/contracts/calls.ts'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import type { ImageDomains } from '../../../core/contracts/domain.ts'
import type { HomeSection } from '../../../core/contracts/media.ts'
import { appPath } from '../../../core/links/app-path.ts'
import { t } from '../../lib/messages.ts'
import { queryAtoms } from '../../lib/query-state.ts'
import { InfiniteList } from '../../ui/infinite-list.tsx'
import { ErrorState } from '../../ui/state-views.tsx'
import { useNearViewport } from '../../ui/use-near-viewport.ts'
import { AppLink } from './app-link.tsx'
import { catalogueList, readCatalogue } from './paged-list.ts'
import { VideoGrid, VideoGridSkeleton } from './video-card.tsx'
import { useCoverList } from './use-cover-list.ts'

/** media/home, kept for offline like every catalogue read. */
const home = queryAtoms(async (get) => (await readCatalogue(get, mediaHome)).data)
/** Starts media/home unless it has started: home's route starts it a render ahead of the catalogue. */
export const startHomeCatalogueAtom = home.startAtom

interface HomeSectionViewProps {
  section: HomeSection
  config: ImageDomains | null
  onFirstCoverShown?: (image: HTMLImageElement) => void
}

function HomeSectionView({ section, config, onFirstCoverShown }: HomeSectionViewProps) {
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
        <VideoGrid
          videos={section.videos}
          config={config}
          label={section.topic.name}
          onFirstCoverShown={onFirstCoverShown}
        />
      </div>
    </section>
  )
}

/** Sections mounted with home's answer: together they are taller than a phone's first screen. */
export const FIRST_SECTIONS = 2
/** Sections mounted each time the end of those already mounted comes near. */
export const MORE_SECTIONS = 2

/**
 * Home's catalogue: the sections of media/home (a topic's title, its "更多" link to /topicList,
 * a grid of its videos), then 推荐. Sections mount a couple at a time as the end of those
 * mounted comes near; 推荐 shows once the sections have their answer (above it they would push
 * it down the screen), its grid once they all have mounted. A first visit builds, lays out and
 * paints the first screen's cards, not all of home's. Mounted parts stay mounted, so content
 * only ever grows below what is in view.
 */
export interface HomeCatalogueProps {
  config: ImageDomains | null
  /** Called once the first section's first cover, the first screen's largest image, is showing. */
  onFirstCoverShown?: (image: HTMLImageElement) => void
}

export function HomeCatalogue({ config, onFirstCoverShown }: HomeCatalogueProps) {
  const state = useAtomValue(home.stateAtom)
  const load = useSetAtom(home.loadAtom)
  const start = useSetAtom(home.startAtom)
  const [mounted, setMounted] = useState(FIRST_SECTIONS)
  const end = useRef<HTMLDivElement>(null)
  useEffect(() => void start(), [start])
  const sections = state.status === 'success' ? state.data.sections : []
  const allMounted = state.status === 'error' || (state.status === 'success' && mounted >= sections.length)
  useNearViewport(end, () => setMounted((count) => count + MORE_SECTIONS), {
    enabled: state.status === 'success' && !allMounted,
    generation: mounted,
  })

  return (
    <>
      {state.status === 'idle' || state.status === 'loading' ? (
        <div className="home-section">
          <VideoGridSkeleton count={4} />
        </div>
      ) : null}
      {state.status === 'error' ? <ErrorState message={state.message} onRetry={() => void load()} /> : null}
      {sections.slice(0, mounted).map((section, index) => (
        <HomeSectionView
          key={section.topic.id}
          section={section}
          config={config}
          onFirstCoverShown={index === 0 ? onFirstCoverShown : undefined}
        />
      ))}
      <div ref={end} className="home-catalogue__sections-end" />
      {state.status === 'success' || state.status === 'error' ? (
        <RecommendList config={config} deferred={!allMounted} />
      ) : null}
    </>
  )
}

/**
 * "推荐": media/recommend as an endless grid ending in 没有更多了, its next page prefetched on
 * idle. Its first page loads at once; while `deferred` the grid is a skeleton.
 */
function RecommendList({ config, deferred }: { config: ImageDomains | null; deferred: boolean }) {
  const list = catalogueList(mediaRecommend, {})
  const { state, loadFirst, loadMore } = useCoverList(list, config)
  const skeleton = <VideoGridSkeleton count={4} />

  return (
    <section className="home-section" aria-labelledby="home-recommend">
      <header className="home-section__header">
        <h2 id="home-recommend" className="home-section__title">
          {t.catalogue.recommend}
        </h2>
      </header>
      {deferred ? (
        skeleton
      ) : (
        <InfiniteList
          state={state}
          onLoadMore={() => void loadMore()}
          onRetry={() => void loadFirst()}
          skeleton={skeleton}
        >
          <VideoGrid videos={state.items} config={config} label={t.catalogue.recommend} />
        </InfiniteList>
      )}
    </section>
  )
}
