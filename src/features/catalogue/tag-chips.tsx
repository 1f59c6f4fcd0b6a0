import type { NamedRef } from '../../../core/contracts/media.ts'
import { appPath } from '../../../core/links/app-path.ts'
import { t } from '../../lib/messages-browse.ts'
import { AppLink } from './app-link.tsx'
import './browse.css'

/** Tags to show once each, in the order first met, at most `max`, leaving out `exceptId`. */
export function distinctTags(
  lists: readonly { tags: readonly NamedRef[] }[],
  max: number,
  exceptId?: number,
): NamedRef[] {
  const seen = new Map<number, NamedRef>()
  for (const item of lists) {
    for (const tag of item.tags) {
      if (seen.size >= max) return [...seen.values()]
      if (tag.id !== exceptId && !seen.has(tag.id)) seen.set(tag.id, tag)
    }
  }
  return [...seen.values()]
}

/** Tag chips, each a link to the tag's page (/subpage/labelPage?id=&name=). */
export function TagChips({ tags, label = t.browse.relatedTags }: { tags: readonly NamedRef[]; label?: string }) {
  if (tags.length === 0) return null
  return (
    <nav className="tag-chips" aria-label={label}>
      <ul className="tag-chips__list">
        {tags.map((tag) => (
          <li key={tag.id}>
            <AppLink path={appPath('/subpage/labelPage', { id: tag.id, name: tag.name })} className="chip">
              #{tag.name}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
