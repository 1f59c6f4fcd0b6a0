import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { MoreScreen } from '../../features/catalogue/more-screen.tsx'
import { moreSearch } from '../../features/catalogue/page-params.ts'
import { appConfigAtom } from '../../features/session/atoms.ts'

export const Route = createFileRoute('/subpage/morePage')({
  validateSearch: moreSearch,
  component: MorePagePage,
})

function MorePagePage() {
  // Through the validator again: the router spreads the validated search over the raw query, so a
  // value the validator left out (`?id=abc`) comes through raw (https://github.com/TanStack/router/issues/1965).
  const search = moreSearch(Route.useSearch())
  const config = useAtomValue(appConfigAtom)
  return <MoreScreen search={search} config={config} />
}
