import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { resultSearch } from '../../features/catalogue/page-params.ts'
import { ResultScreen } from '../../features/catalogue/result-screen.tsx'
import { appConfigAtom } from '../../features/session/atoms.ts'
import { useLastDefined } from '../../lib/use-last-defined.ts'

export const Route = createFileRoute('/subpage/result')({
  validateSearch: resultSearch,
  component: ResultPage,
})

function ResultPage() {
  // Kept alive: while hidden the route is unmatched, so hold on to the last search.
  const search = useLastDefined<{ keyword?: string }>(Route.useSearch({ shouldThrow: false }))
  // Through the validator again: the router spreads the validated search over the raw query, so a
  // value the validator left out (`?id=abc`) comes through raw (https://github.com/TanStack/router/issues/1965).
  const { keyword } = resultSearch(search ?? {})
  const config = useAtomValue(appConfigAtom)
  return <ResultScreen keyword={keyword} config={config} />
}
