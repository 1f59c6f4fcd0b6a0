import { Link } from '@tanstack/react-router'
import type { DomainEntry } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages-creators.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { CreatorListView, type CreatorList } from './creator-list.tsx'
import { useFollow } from './use-follow.ts'
import './creators.css'

/**
 * /mine/myFollow: the creators the caller follows, latest first. Unfollowing keeps the row (with
 * 关注 to undo) until the next visit.
 */
export function MyFollowScreen({
  list,
  config,
}: {
  list: CreatorList
  config: { domain: readonly DomainEntry[] } | null
}) {
  const follow = useFollow()
  return (
    <main className="page creators">
      <PageHeader title={t.pages.myFollow} />
      <CreatorListView
        list={list}
        config={config}
        follow={follow}
        emptyMessage={t.creators.emptyFollowed}
        emptyAction={
          <Link to="/subpage/upRank" className="button">
            {t.creators.findCreators}
          </Link>
        }
      />
    </main>
  )
}
