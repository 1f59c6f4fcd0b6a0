import { mediaShortRecommend } from '../../../core/contracts/calls.ts'
import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { catalogueList } from '../../features/catalogue/paged-list.ts'
import { appConfigAtom } from '../../features/session/atoms.ts'
import { ShortsFeed } from '../../features/shorts/shorts-feed.tsx'
import { loadHlsJs } from '../../lib/hls-source.ts'

export const Route = createFileRoute('/lld/')({
  component: ShortsPage,
})

function ShortsPage() {
  const config = useAtomValue(appConfigAtom)
  return <ShortsFeed list={catalogueList(mediaShortRecommend, {})} config={config} loadHls={loadHlsJs} />
}
