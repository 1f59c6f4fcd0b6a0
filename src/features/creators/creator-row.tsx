import { Link } from '@tanstack/react-router'
import type { CreatorCard } from '../../../core/contracts/community.ts'
import { imageUrl, type DomainEntry } from '../../../core/contracts/domain.ts'
import { formatCount } from '../../../core/format/count.ts'
import { t } from '../../lib/messages-creators.ts'
import { LazyImage } from '../../ui/lazy-image.tsx'
import type { useFollow } from './use-follow.ts'

export interface CreatorRowProps {
  card: CreatorCard
  config: { domain: readonly DomainEntry[] } | null
  follow: ReturnType<typeof useFollow>
  /** Place in a ranking: the top 3 get a gold, silver or bronze disc (drawn, not an emoji a phone may lack). */
  rank?: number
  /** What the ranking counts, in place of the follower count. */
  value?: string
}

/** A creator: avatar, nickname and a count, opening their page, with a follow button beside it. */
export function CreatorRow({ card, config, follow, rank, value }: CreatorRowProps) {
  const { followed, followers } = follow.stateOf(card)
  return (
    <li className="creator-row">
      {rank !== undefined ? (
        <span
          className={rank <= 3 ? `creator-row__rank creator-row__rank--${rank}` : 'creator-row__rank'}
          role="img"
          aria-label={t.creators.rank(rank)}
        >
          {rank}
        </span>
      ) : null}
      <Link to="/subpage/userInfo" search={{ id: card.id }} className="creator-row__main">
        <span className="creator-row__avatar">
          {card.avatar ? (
            <LazyImage src={imageUrl(config, card.avatar)} alt="" ratio={1} />
          ) : (
            <span aria-hidden="true">{card.nickname.slice(0, 1) || '?'}</span>
          )}
        </span>
        <span className="creator-row__text">
          <span className="creator-row__name">{card.nickname}</span>
          <span className="creator-row__meta">
            {value ?? `${t.creators.followers(formatCount(followers))} · ${t.creators.posts(formatCount(card.posts))}`}
          </span>
          {rank === undefined ? <span className="creator-row__intro">{card.intro || t.creators.noIntro}</span> : null}
        </span>
      </Link>
      <button
        type="button"
        className={followed ? 'button button--small button--ghost' : 'button button--small'}
        aria-pressed={followed}
        aria-label={followed ? t.creators.unfollowName(card.nickname) : t.creators.followName(card.nickname)}
        disabled={follow.isPending(card.id)}
        onClick={() => void follow.toggle(card)}
      >
        {followed ? t.creators.followed : t.creators.follow}
      </button>
    </li>
  )
}
