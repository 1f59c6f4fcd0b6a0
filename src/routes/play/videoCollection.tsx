import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { CollectionScreen } from '../../features/player/collection-screen.tsx'
import { appConfigAtom } from '../../features/session/atoms.ts'
import { searchWithId } from '../../lib/search.ts'

export const Route = createFileRoute('/play/videoCollection')({
  validateSearch: searchWithId,
  component: VideoCollectionPage,
})

function VideoCollectionPage() {
  const { id } = searchWithId(Route.useSearch())
  const config = useAtomValue(appConfigAtom)
  return <CollectionScreen key={id} id={id} config={config} />
}
