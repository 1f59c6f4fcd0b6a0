import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { SearchScreen } from '../../features/catalogue/search-screen.tsx'
import { appConfigAtom } from '../../features/session/atoms.ts'

export const Route = createFileRoute('/subpage/search')({
  component: SearchPage,
})

function SearchPage() {
  const config = useAtomValue(appConfigAtom)
  return <SearchScreen config={config} />
}
