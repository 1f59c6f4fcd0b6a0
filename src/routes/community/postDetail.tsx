import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { PostDetailScreen } from '../../features/community/post-detail-screen.tsx'
import { UnlockSheet } from '../../features/player/unlock-sheet.tsx'
import { VideoPlayer } from '../../features/player/video-player.tsx'
import { appConfigAtom, sessionUserAtom } from '../../features/session/atoms.ts'
import { searchWithId } from '../../lib/search.ts'
import { communityLists } from './-lists.ts'

export const Route = createFileRoute('/community/postDetail')({
  validateSearch: searchWithId,
  component: PostDetailPage,
})

function PostDetailPage() {
  // Through the validator again: the router spreads the validated search over the raw query, so a
  // value the validator left out (`?id=abc`) comes through raw (https://github.com/TanStack/router/issues/1965).
  const { id } = searchWithId(Route.useSearch())
  const config = useAtomValue(appConfigAtom)
  const userId = useAtomValue(sessionUserAtom)?.id ?? null
  // Another post is another page: fresh detail, comments and composer.
  return (
    <PostDetailScreen
      key={id}
      id={id}
      config={config}
      userId={userId}
      lists={communityLists}
      renderVideo={(video) => <VideoPlayer lines={video.lines} startAt={0} poster={video.poster} title={video.title} />}
      renderUnlock={(sheet) => <UnlockSheet {...sheet} />}
    />
  )
}
