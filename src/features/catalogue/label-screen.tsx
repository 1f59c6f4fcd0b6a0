import { mediaTagDetails } from '../../../core/contracts/calls.ts'
import type { ImageDomains } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages-browse.ts'
import { SortedVideosScreen } from './sorted-videos.tsx'

/** /subpage/labelPage?id=&name= : a tag's videos, 最新/最热, without end. */
export function LabelScreen(props: { id?: number; name?: string; config: ImageDomains | null }) {
  return (
    <SortedVideosScreen
      call={mediaTagDetails}
      id={props.id}
      name={props.name}
      config={props.config}
      fallbackTitle={t.browse.tag}
      missingMessage={t.browse.missingTag}
    />
  )
}
