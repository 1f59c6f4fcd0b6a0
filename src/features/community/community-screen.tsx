import { Link } from '@tanstack/react-router'
import { useId, useLayoutEffect, useRef, useState } from 'react'
import type { PostCard } from '../../../core/contracts/community.ts'
import type { ImageDomains } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages-community.ts'
import { InfiniteList } from '../../ui/infinite-list.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { Tabs, tabId } from '../../ui/tabs.tsx'
import { postsSource, type ListMaker, type PostQuery, type PostsList } from './api.ts'
import { PostCards, PostCardsSkeleton } from './post-card.tsx'
import { useNowSeconds } from './use-now.ts'
import { usePostsList } from './use-posts-list.ts'
import './community.css'

/** A category from config `communityCategory`. */
export interface Category {
  id: number
  name: string
}

const FOLLOWING = 'following'
const ALL = 'all'
type Sort = PostQuery['sort']

export interface CommunityScreenProps {
  categories: readonly Category[]
  config: ImageDomains | null
  /** Whose stored pages to show offline. */
  userId: number | null
  lists: ListMaker
}

function queryOf(tab: string, sort: Sort): PostQuery {
  if (tab === FOLLOWING) return { sort, following: true }
  const categoryId = tab === ALL ? undefined : Number(tab.slice(1))
  return { sort, following: false, ...(categoryId === undefined ? {} : { categoryId }) }
}

/**
 * /community: 关注, 全部 and the categories of the config as tabs, 最新/最热, and the posts without
 * end. Every tab and sort is its own list, kept as it was (with where it was scrolled to) when
 * switching back; the page itself is kept alive by the shell when left (SPEC §4).
 */
export function CommunityScreen({ categories, config, userId, lists }: CommunityScreenProps) {
  const [tab, setTab] = useState(ALL)
  const [sort, setSort] = useState<Sort>('latest')
  const prefix = useId()
  const sortPrefix = useId()
  const panelId = `${prefix}-panel`
  const listPanelId = `${sortPrefix}-panel`
  const tabs = [
    { value: FOLLOWING, label: t.community.following },
    { value: ALL, label: t.community.all },
    ...categories.map((category) => ({ value: `c${category.id}`, label: category.name })),
  ]
  // A category the config no longer has shows 全部.
  const shownTab = tabs.some((item) => item.value === tab) ? tab : ALL
  const source = postsSource(queryOf(shownTab, sort), userId)
  const list = lists(source)

  // Each list comes back where it was left; a new one starts under the tabs.
  const scrolls = useRef(new Map<string, number>())
  const shownKey = useRef(source.key)
  const top = useRef<HTMLDivElement>(null)
  const remember = () => scrolls.current.set(shownKey.current, window.scrollY)
  useLayoutEffect(() => {
    if (shownKey.current === source.key) return
    shownKey.current = source.key
    const saved = scrolls.current.get(source.key)
    const tabsTop = (top.current?.getBoundingClientRect().top ?? 0) + window.scrollY
    const target = saved ?? Math.min(window.scrollY, tabsTop)
    if (typeof window.scrollTo === 'function') window.scrollTo(0, target)
  }, [source.key])

  return (
    <main className="page community">
      <PageHeader title={t.pages.community} back={false} />
      <div ref={top} className="community__tabs">
        <Tabs
          items={tabs}
          value={shownTab}
          onChange={(value) => {
            remember()
            setTab(value)
          }}
          label={t.community.categories}
          panelId={panelId}
          idPrefix={prefix}
          block="community-tabs"
        />
        <Tabs
          items={[
            { value: 'latest' as const, label: t.community.latest },
            { value: 'hot' as const, label: t.community.hot },
          ]}
          value={sort}
          onChange={(value) => {
            remember()
            setSort(value)
          }}
          label={t.community.sort}
          panelId={listPanelId}
          idPrefix={sortPrefix}
          block="community-sort"
        />
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(prefix, shownTab)}>
        <div id={listPanelId} role="tabpanel" aria-labelledby={tabId(sortPrefix, sort)}>
          <Feed
            key={source.key}
            list={list}
            config={config}
            emptyMessage={shownTab === FOLLOWING ? t.community.emptyFollowing : t.community.empty}
          />
        </div>
      </div>
      <Link to="/community/publish" className="community__publish" aria-label={t.community.publishLabel}>
        <span aria-hidden="true">＋</span>
      </Link>
    </main>
  )
}

/** One tab's posts: skeletons, the cards, the end or the error. */
export function Feed({
  list,
  config,
  emptyMessage,
  fresh,
}: {
  list: PostsList<PostCard>
  config: ImageDomains | null
  emptyMessage: string
  fresh?: boolean
}) {
  const { state, loadFirst, loadMore } = usePostsList(list, { fresh })
  const now = useNowSeconds()
  return (
    <>
      {state.stale ? (
        <p className="community__stale" role="status">
          {t.community.stale}
        </p>
      ) : null}
      <InfiniteList
        state={state}
        onLoadMore={() => void loadMore()}
        onRetry={() => void loadFirst()}
        skeleton={<PostCardsSkeleton />}
        emptyMessage={emptyMessage}
      >
        <PostCards posts={state.items} config={config} now={now} />
      </InfiniteList>
    </>
  )
}
