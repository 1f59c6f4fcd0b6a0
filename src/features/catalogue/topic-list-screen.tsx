import { t } from '../../lib/messages-browse.ts'
import { SortedVideosScreen } from './sorted-videos.tsx'
import type { ImageDomains } from './video-card.tsx'

/** /topicList?id=&name=: a topic's header, 最新/最热, and its videos without end. */
export function TopicListScreen(props: { id?: number; name?: string; config: ImageDomains | null }) {
  return (
    <SortedVideosScreen
      call="media/topic/details"
      id={props.id}
      name={props.name}
      config={props.config}
      fallbackTitle={t.browse.topic}
      missingMessage={t.browse.missingTopic}
    />
  )
}
