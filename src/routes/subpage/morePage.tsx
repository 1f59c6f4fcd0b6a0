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
  // Through the validator again: the router merges the raw query under the validated one.
  const search = moreSearch(Route.useSearch())
  const config = useAtomValue(appConfigAtom)
  return <MoreScreen search={search} config={config} />
}
