import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import type { CreatorCard } from '../../../core/contracts/community.ts'
import { createPagedList, pagedListFor } from '../../features/catalogue/paged-list.ts'
import { creatorSearchSource, type CreatorPage } from '../../features/creators/api.ts'
import { UpRankScreen } from '../../features/creators/up-rank-screen.tsx'
import { appConfigAtom } from '../../features/session/atoms.ts'
import { rankSearch } from '../../lib/search.ts'

export const Route = createFileRoute('/subpage/upRank')({
  validateSearch: rankSearch,
  component: UpRankPage,
})

function searchList(keyword: string) {
  const { key, fetchPage } = creatorSearchSource(keyword)
  return pagedListFor(key, () => createPagedList<CreatorCard, CreatorPage>(key, fetchPage))
}

function UpRankPage() {
  const { period = 'week', by = 'followers' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <UpRankScreen
      period={period}
      by={by}
      onChange={(next) => void navigate({ search: next, replace: true })}
      config={useAtomValue(appConfigAtom)}
      searchList={searchList}
    />
  )
}
