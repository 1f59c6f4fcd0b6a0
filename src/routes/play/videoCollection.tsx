import { t } from '../../lib/messages.ts'
import { searchWithId } from '../../lib/search.ts'
import { ComingSoon } from '../../ui/coming-soon.tsx'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/play/videoCollection')({
  validateSearch: searchWithId,
  component: VideoCollectionPage,
})

function VideoCollectionPage() {
  return <ComingSoon title={t.pages.videoCollection} />
}
