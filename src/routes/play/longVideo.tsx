import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { VideoGrid } from '../../features/catalogue/video-card.tsx'
import { LongVideoScreen } from '../../features/player/long-video-screen.tsx'
import { appConfigAtom } from '../../features/session/atoms.ts'
import { searchWithId } from '../../lib/search.ts'

export const Route = createFileRoute('/play/longVideo')({
  validateSearch: searchWithId,
  component: LongVideoPage,
})

function LongVideoPage() {
  // Through the validator again: the router spreads the validated search over the raw query, so a
  // value the validator left out (`?id=abc`) comes through raw (https://github.com/TanStack/router/issues/1965).
  const { id } = searchWithId(Route.useSearch())
  const config = useAtomValue(appConfigAtom)
  // A related video is another page: fresh play info, player and progress.
  return (
    <LongVideoScreen
      key={id}
      id={id}
      config={config}
      renderRelated={(videos) => <VideoGrid videos={videos} config={config} />}
    />
  )
}
