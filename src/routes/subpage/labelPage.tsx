import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { LabelScreen } from '../../features/catalogue/label-screen.tsx'
import { namedSearch } from '../../features/catalogue/page-params.ts'
import { appConfigAtom } from '../../features/session/atoms.ts'

export const Route = createFileRoute('/subpage/labelPage')({
  validateSearch: namedSearch,
  component: LabelPagePage,
})

function LabelPagePage() {
  // Through the validator again: the router spreads the validated search over the raw query, so a
  // value the validator left out (`?id=abc`) comes through raw (https://github.com/TanStack/router/issues/1965).
  const { id, name } = namedSearch(Route.useSearch())
  const config = useAtomValue(appConfigAtom)
  // Another tag is another page (a tag chip on a tag's page).
  return <LabelScreen key={id} id={id} name={name} config={config} />
}
