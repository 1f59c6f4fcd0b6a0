import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { namedSearch, type NamedSearch } from '../features/catalogue/page-params.ts'
import { TopicListScreen } from '../features/catalogue/topic-list-screen.tsx'
import { appConfigAtom } from '../features/session/atoms.ts'
import { useLastDefined } from '../lib/use-last-defined.ts'

export const Route = createFileRoute('/topicList')({
  validateSearch: namedSearch,
  component: TopicListPage,
})

function TopicListPage() {
  // Kept alive: while hidden the route is unmatched, so hold on to the last search.
  const search = useLastDefined<NamedSearch>(Route.useSearch({ shouldThrow: false }))
  // Through the validator again: the router spreads the validated search over the raw query, so a
  // value the validator left out (`?id=abc`) comes through raw (https://github.com/TanStack/router/issues/1965).
  const { id, name } = namedSearch(search ?? {})
  const config = useAtomValue(appConfigAtom)
  return <TopicListScreen id={id} name={name} config={config} />
}
