import { createFileRoute } from '@tanstack/react-router'
import { t } from '../lib/messages.ts'
import { optionalPositiveInt, optionalString } from '../lib/search.ts'
import { useLastDefined } from '../lib/use-last-defined.ts'
import { ComingSoon } from '../ui/coming-soon.tsx'

interface TopicSearch {
  id?: number
  name?: string
}

export const Route = createFileRoute('/topicList')({
  validateSearch: (search: Record<string, unknown>): TopicSearch => {
    const id = optionalPositiveInt(search.id)
    const name = optionalString(search.name)
    return { ...(id === undefined ? {} : { id }), ...(name === undefined ? {} : { name }) }
  },
  component: TopicListPage,
})

function TopicListPage() {
  // Kept alive: while hidden the route is unmatched, so hold on to the last search.
  const search = useLastDefined<TopicSearch>(Route.useSearch({ shouldThrow: false }))
  return <ComingSoon title={search?.name || t.pages.topicList} />
}
