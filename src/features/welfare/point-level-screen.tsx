import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useId } from 'react'
import type { Levels } from '../../../core/contracts/welfare.ts'
import { t } from '../../lib/messages-welfare.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { levelsRead } from './api.ts'
import { dataOf } from './live-read.ts'
import { SignedOut } from './signed-out.tsx'
import { useRefreshOnReturn } from './use-refresh-on-return.ts'
import './welfare.css'

/** How far lifetime points are from the current level's threshold to the next's: 0–1. */
export function levelProgress(lifetime: number, from: number, to: number): number {
  if (to <= from) return 1
  return Math.min(1, Math.max(0, (lifetime - from) / (to - from)))
}

/**
 * /mine/pointLevel: the level, lifetime points, the way to the next level, then every level with
 * its perks. Without a user it offers to log in or start again (`reload`, the page by default).
 */
export function PointLevelScreen({ userId, reload }: { userId: number | null; reload?: () => void }) {
  const state = useAtomValue(levelsRead.stateAtom)
  const load = useSetAtom(levelsRead.loadAtom)
  const owner = userId ?? 0
  const refresh = useCallback(() => void load(owner), [load, owner])
  useRefreshOnReturn(refresh, userId !== null)
  const data = dataOf(state, owner)
  return (
    <main className="page welfare-levels">
      <PageHeader title={t.pages.pointLevel} />
      {userId === null ? (
        <SignedOut message={t.signedOut.pointLevel} reload={reload} />
      ) : data ? (
        <LevelsView levels={data} />
      ) : state.status === 'error' && state.owner === owner ? (
        <section className="card">
          <ErrorState message={state.message} onRetry={refresh} />
        </section>
      ) : (
        <section className="card">
          <Skeleton lines={5} />
        </section>
      )}
    </main>
  )
}

function LevelsView({ levels: { points, levels } }: { levels: Levels }) {
  const titleId = useId()
  const listId = useId()
  const { level, next } = points
  const share = next ? levelProgress(points.lifetime, level.minPoints, next.minPoints) : 1
  return (
    <>
      <section className="card welfare-level" aria-labelledby={titleId}>
        <p className="welfare-level__label">{t.pointLevel.current}</p>
        <h2 id={titleId} className="welfare-level__name">
          {level.name}
        </h2>
        <p className="welfare-level__lifetime">{t.pointLevel.lifetime(points.lifetime)}</p>
        <p className="welfare-level__balance">{t.pointLevel.balance(points.balance)}</p>
        {next ? (
          <>
            <div
              className="welfare-bar welfare-bar--level"
              role="progressbar"
              aria-label={t.pointLevel.progressLabel(next.name)}
              aria-valuemin={level.minPoints}
              aria-valuemax={next.minPoints}
              aria-valuenow={Math.min(Math.max(points.lifetime, level.minPoints), next.minPoints)}
              aria-valuetext={`${points.lifetime}/${next.minPoints}`}
            >
              <span className="welfare-bar__fill" style={{ width: `${share * 100}%` }} />
            </div>
            <p className="welfare-level__next">
              {t.pointLevel.toNext(Math.max(0, next.minPoints - points.lifetime), next.name)}
            </p>
          </>
        ) : (
          <p className="welfare-level__next">{t.pointLevel.top}</p>
        )}
      </section>
      <section className="card" aria-labelledby={listId}>
        <h2 id={listId} className="card__title">
          {t.pointLevel.levels}
        </h2>
        <ol className="welfare-level-list">
          {levels.map((entry) => {
            const current = entry.level === level.level
            return (
              <li
                key={entry.level}
                className={current ? 'welfare-level-row welfare-level-row--current' : 'welfare-level-row'}
                aria-current={current ? 'true' : undefined}
              >
                <div className="welfare-level-row__head">
                  <h3 className="welfare-level-row__name">
                    {entry.name}
                    {current ? <span className="welfare-level-row__badge">{t.pointLevel.currentBadge}</span> : null}
                  </h3>
                  <span className="welfare-level-row__threshold">{t.pointLevel.threshold(entry.minPoints)}</span>
                </div>
                {entry.perks.length > 0 ? (
                  <ul className="welfare-level-row__perks">
                    {entry.perks.map((perk) => (
                      <li key={perk}>{perk}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="welfare-level-row__perks welfare-level-row__perks--none">{t.pointLevel.noPerks}</p>
                )}
              </li>
            )
          })}
        </ol>
      </section>
    </>
  )
}
