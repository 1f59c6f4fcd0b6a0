import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { imageUrl, type ImageDomains } from '../../../core/contracts/domain.ts'
import type { VideoCard } from '../../../core/contracts/media.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { t } from '../../lib/messages-watch.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { ErrorState } from '../../ui/state-views.tsx'
import { collectionAtoms, playAtoms, type CollectionAtoms, type PlayAtoms } from './atoms.ts'
import { PlayPageStatus, PlaySkeleton, VideoInfo } from './long-video-screen.tsx'
import { PlayStage, type PlayStageProps } from './play-stage.tsx'
import { UnlockSheet } from './unlock-sheet.tsx'
import { usePlayVideo } from './use-play-video.ts'
import './player.css'

export interface CollectionScreenProps {
  id: number | undefined
  config: ImageDomains | null
  playerOptions?: PlayStageProps['playerOptions']
}

/**
 * /play/videoCollection: the collection, its episodes (a tap plays one here; 详情 opens its own
 * page), and the collection's unlock (media/collect/pay) with the same sheet as a single video.
 */
export function CollectionScreen({ id, config, playerOptions }: CollectionScreenProps) {
  const [atoms] = useState(() => (id === undefined ? null : collectionAtoms(id)))
  if (!atoms) {
    return (
      <div className="play-page">
        <PageHeader title={t.pages.videoCollection} />
        <ErrorState message={t.player.collectionMissing} />
      </div>
    )
  }
  return <CollectionPage atoms={atoms} config={config} playerOptions={playerOptions} />
}

function CollectionPage({
  atoms,
  config,
  playerOptions,
}: {
  atoms: CollectionAtoms
  config: ImageDomains | null
  playerOptions: PlayStageProps['playerOptions']
}) {
  const state = useAtomValue(atoms.stateAtom)
  const load = useSetAtom(atoms.loadAtom)
  const loadMore = useSetAtom(atoms.loadMoreAtom)
  const [selected, setSelected] = useState<number | null>(null)
  // The details say whether the user owns the collection (access); an offline copy does not
  // keep it, so a purchase made on this visit is also remembered here.
  const [boughtHere, setBoughtHere] = useState(false)

  useEffect(() => {
    void load()
  }, [load])

  if (state.status !== 'success') {
    return <PlayPageStatus title={t.pages.videoCollection} state={state} onRetry={() => void load()} />
  }

  const { details, stale, loadingMore, moreError } = state.data
  const { collection, items } = details
  const current = items.find((item) => item.id === selected) ?? items[0] ?? null
  const owned = boughtHere || (details.access?.owned ?? false)

  return (
    <div className="play-page">
      <PageHeader title={collection.name || t.pages.videoCollection} />
      {current ? (
        <EpisodeStage
          key={current.id}
          episode={current}
          collection={{ id: collection.id, price: collection.price, owned }}
          collectionBalance={details.access?.balance}
          config={config}
          onCollectionUnlocked={() => {
            setBoughtHere(true)
            void load()
          }}
          playerOptions={playerOptions}
        />
      ) : (
        <LazyImage src={imageUrl(config, collection.cover)} alt={collection.name} ratio={16 / 9} />
      )}
      <section className="collection-info">
        <h2 className="video-info__title">{collection.name}</h2>
        <p className="video-info__meta">
          <span>{t.player.episodeCount(String(collection.videoCount))}</span>
          {collection.price > 0 ? (
            <span>{owned ? t.player.collectionOwned : t.player.diamonds(formatMoney(collection.price))}</span>
          ) : null}
        </p>
        {collection.description ? <p className="video-info__text">{collection.description}</p> : null}
      </section>
      <section className="episodes" aria-labelledby="episodes-heading">
        <h2 id="episodes-heading" className="play-page__heading">
          {t.player.episodes}
        </h2>
        <ol className="episodes__list">
          {items.map((item, index) => (
            <li key={item.id} className="episodes__item">
              <button
                type="button"
                className="episodes__play"
                aria-current={item.id === current?.id ? 'true' : undefined}
                onClick={() => setSelected(item.id)}
                disabled={stale}
              >
                <span className="episodes__index">{t.player.episode(index + 1)}</span>
                <span className="episodes__title">{item.title}</span>
                {item.id === current?.id ? <span className="episodes__now">{t.player.nowPlaying}</span> : null}
              </button>
              <Link to="/play/longVideo" search={{ id: item.id }} className="episodes__detail">
                {t.player.openDetail}
              </Link>
            </li>
          ))}
        </ol>
        {details.nextCursor && !stale ? (
          <div className="episodes__more">
            {moreError ? <p role="alert">{moreError}</p> : null}
            <button
              type="button"
              className="button button--ghost"
              disabled={loadingMore}
              onClick={() => void loadMore()}
            >
              {moreError ? t.common.retry : loadingMore ? t.common.loading : t.player.loadMore}
            </button>
          </div>
        ) : null}
      </section>
    </div>
  )
}

function EpisodeStage({
  episode,
  collection,
  collectionBalance,
  config,
  onCollectionUnlocked,
  playerOptions,
}: {
  episode: VideoCard
  collection: { id: number; price: number; owned: boolean }
  collectionBalance: number | undefined
  config: ImageDomains | null
  onCollectionUnlocked(): void
  playerOptions: PlayStageProps['playerOptions']
}) {
  const [atoms] = useState<PlayAtoms>(() => playAtoms(episode.id))
  const { state, reload, report, sheetOpen, openSheet, closeSheet, unlock, handleUnlocked } = usePlayVideo(atoms)

  if (state.status === 'idle' || state.status === 'loading') return <PlaySkeleton />
  if (state.status === 'error') return <ErrorState message={state.message} onRetry={reload} />

  const view = state.data
  // A priced collection is bought whole; otherwise a priced episode is bought on its own. The
  // details' balance is fresh for the collection (they reload after its purchase); the
  // episode's own play info is reloaded after media/pay.
  const byCollection = collection.price > 0 && !collection.owned
  const price = byCollection ? collection.price : view.info.video.price
  return (
    <>
      <PlayStage
        view={view}
        cover={imageUrl(config, view.info.video.cover)}
        price={price}
        unlockLabel={byCollection ? t.player.unlockCollection(formatMoney(collection.price)) : t.player.unlock}
        onProgress={report}
        onUnlock={openSheet}
        onRetry={reload}
        playerOptions={playerOptions}
      />
      <VideoInfo info={view.info} atoms={atoms} disabled={view.stale} />
      {sheetOpen ? (
        <UnlockSheet
          title={byCollection ? t.player.unlockCollectionTitle : t.player.unlockTitle}
          price={price}
          balance={byCollection ? (collectionBalance ?? view.info.balance) : view.info.balance}
          onConfirm={() =>
            unlock(byCollection ? { kind: 'collection', id: collection.id } : { kind: 'video', id: view.info.video.id })
          }
          onUnlocked={() => {
            if (byCollection) onCollectionUnlocked()
            handleUnlocked()
          }}
          onClose={closeSheet}
        />
      ) : null}
    </>
  )
}
