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
  // Through the validator again: the router merges the raw query under the validated one.
  const { keyword } = resultSearch(search ?? {})
  const config = useAtomValue(appConfigAtom)
  return <ResultScreen keyword={keyword} config={config} />
}
