import { mediaTopicDetails } from '../../../core/contracts/calls.ts'
import type { ImageDomains } from '../../../core/contracts/domain.ts'
import { t } from '../../lib/messages-browse.ts'
import { SortedVideosScreen } from './sorted-videos.tsx'

/** /topicList?id=&name=: a topic's header, 最新/最热, and its videos without end. */
export function TopicListScreen(props: { id?: number; name?: string; config: ImageDomains | null }) {
  return (
    <SortedVideosScreen
      call={mediaTopicDetails}
      id={props.id}
      name={props.name}
      config={props.config}
      fallbackTitle={t.browse.topic}
      missingMessage={t.browse.missingTopic}
    />
  )
}
