import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import type { Creator } from '../../../core/contracts/community.ts'
import type { ImageDomains } from '../../../core/contracts/domain.ts'
import { formatCount } from '../../../core/format/count.ts'
import { errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-community.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { Sheet } from '../../ui/sheet.tsx'
import { EmptyState, ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { blockAtom, postsSource, type ListMaker } from './api.ts'
import { followMarksViewAtom, setFollowAtom } from './atoms.ts'
import { Feed } from './community-screen.tsx'
import { Avatar } from './post-parts.tsx'
import { creatorReadAtoms, type ReadAtoms } from './read-atoms.ts'
import { ReportSheet } from './report-sheet.tsx'
import './community.css'

export interface CreatorScreenProps {
  id: number | undefined
  config: ImageDomains | null
  userId: number | null
  lists: ListMaker
  /** The page's title: 创作者主页 (/community/upInfo) or 用户主页 (/subpage/userInfo). */
  title: string
}

/**
 * A creator's page (/community/upInfo and /subpage/userInfo): avatar, nickname, intro, counts,
 * follow, block (after a confirmation) and report, then their posts without end. One's own page
 * has none of the buttons.
 */
export function CreatorScreen(props: CreatorScreenProps) {
  const { id, userId } = props
  const [atoms] = useState(() => (id === undefined ? null : creatorReadAtoms(id, userId)))
  if (id === undefined || atoms === null) return <CreatorMissing title={props.title} />
  return <CreatorPage {...props} id={id} atoms={atoms} />
}

function CreatorMissing({ title }: { title: string }) {
  return (
    <main className="page creator">
      <PageHeader title={title} />
      <EmptyState message={t.community.userMissing} />
    </main>
  )
}

/** What changed here since the page was fetched. */
interface Changes {
  followed?: boolean
  followers?: number
  blocked?: boolean
}

function CreatorPage({
  id,
  atoms,
  config,
  userId,
  lists,
  title,
}: CreatorScreenProps & { id: number; atoms: ReadAtoms<Creator> }) {
  const state = useAtomValue(atoms.stateAtom)
  const load = useSetAtom(atoms.loadAtom)
  const follows = useAtomValue(followMarksViewAtom)
  const setFollow = useSetAtom(setFollowAtom)
  const block = useSetAtom(blockAtom)
  const toast = useSetAtom(showToastAtom)
  const [changes, setChanges] = useState<Changes>({})
  const [sheet, setSheet] = useState<'block' | 'report' | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    void load()
  }, [load])

  if (state.status === 'missing') return <CreatorMissing title={title} />
  if (state.status !== 'ready') {
    return (
      <main className="page creator">
        <PageHeader title={title} />
        {state.status === 'error' ? (
          <ErrorState message={state.message} onRetry={() => void load()} />
        ) : (
          <Skeleton lines={5} />
        )}
      </main>
    )
  }

  const creator = {
    ...state.data,
    followed: changes.followed ?? follows.get(id) ?? state.data.followed,
    followers: changes.followers ?? state.data.followers,
    blocked: changes.blocked ?? state.data.blocked,
  }
  const self = creator.self || (userId !== null && userId === creator.id)

  const run = async (action: () => Promise<void>) => {
    if (busy) return
    setBusy(true)
    try {
      await action()
    } catch (error) {
      toast(errorMessage(error) || t.community.actionFailed)
    } finally {
      setBusy(false)
    }
  }
  const handleFollow = () =>
    run(async () => {
      const result = await setFollow({ id, follow: !creator.followed })
      setChanges((current) => ({ ...current, followed: result.followed, followers: result.followers }))
    })
  const handleBlock = (blocked: boolean) =>
    run(async () => {
      setSheet(null)
      const result = await block({ id, block: blocked })
      setChanges((current) => ({ ...current, blocked: result.blocked }))
      toast(result.blocked ? t.community.blocked : t.community.unblocked)
    })

  const counts = [
    { label: t.community.followers, value: creator.followers },
    { label: t.community.followingCount, value: creator.following },
    { label: t.community.postCount, value: creator.posts },
    { label: t.community.likeCount, value: creator.likes },
  ]

  return (
    <main className="page creator">
      <PageHeader title={self ? t.community.self : title} />
      {state.stale ? (
        <p className="community__stale" role="status">
          {t.community.stale}
        </p>
      ) : null}
      <section className="creator__head" aria-labelledby="creator-name">
        <Avatar author={creator} config={config} size="large" />
        <h2 id="creator-name" className="creator__name">
          {creator.nickname}
        </h2>
        <p className="creator__intro">{creator.intro || t.community.noIntro}</p>
        <dl className="creator__counts">
          {counts.map((count) => (
            <div key={count.label} className="creator__count">
              <dt>{count.label}</dt>
              <dd>{formatCount(count.value)}</dd>
            </div>
          ))}
        </dl>
        {self ? null : (
          <div className="creator__actions">
            {creator.blocked ? null : (
              <button
                type="button"
                className={creator.followed ? 'button button--ghost' : 'button'}
                aria-pressed={creator.followed}
                aria-busy={busy}
                disabled={state.stale}
                onClick={() => void handleFollow()}
              >
                {creator.followed ? t.community.followed : t.community.follow}
              </button>
            )}
            <button
              type="button"
              className="button button--ghost"
              disabled={state.stale}
              aria-haspopup={creator.blocked ? undefined : 'dialog'}
              onClick={() => (creator.blocked ? void handleBlock(false) : setSheet('block'))}
            >
              {creator.blocked ? t.community.unblock : t.community.block}
            </button>
            <button
              type="button"
              className="button button--ghost"
              aria-haspopup="dialog"
              onClick={() => setSheet('report')}
            >
              {t.community.report}
            </button>
          </div>
        )}
      </section>
      <section className="creator__posts" aria-label={t.community.theirPosts}>
        {creator.blocked && !self ? (
          <p className="empty-state">{t.community.blockedHint}</p>
        ) : (
          <Feed
            list={lists(postsSource({ authorId: id, sort: 'latest', following: false }, userId))}
            config={config}
            emptyMessage={t.community.noPosts}
            fresh
          />
        )}
      </section>
      {sheet === 'block' ? (
        <Sheet
          role="alertdialog"
          title={t.community.blockTitle}
          onClose={() => setSheet(null)}
          actions={
            <>
              <button type="button" className="button button--ghost" onClick={() => setSheet(null)}>
                {t.community.cancel}
              </button>
              <button type="button" className="button" onClick={() => void handleBlock(true)}>
                {t.community.blockConfirm}
              </button>
            </>
          }
        >
          <p className="sheet__text">{t.community.blockHint}</p>
        </Sheet>
      ) : null}
      {sheet === 'report' ? <ReportSheet targetType="user" targetId={id} onClose={() => setSheet(null)} /> : null}
    </main>
  )
}
