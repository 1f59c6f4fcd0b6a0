import { imageUrl, type DomainEntry } from '../../../core/contracts/domain.ts'

/** Covers of home's first section that a phone's first screen shows at most (a feature card and a row). */
export const FIRST_COVERS = 3

/** The cover keys of a media/home answer that the first screen shows: the first section's first ones. */
export function firstCoverKeys(answer: unknown, count = FIRST_COVERS): string[] {
  const sections = (answer as { sections?: unknown } | null)?.sections
  const videos = Array.isArray(sections) ? (sections[0] as { videos?: unknown } | undefined)?.videos : undefined
  if (!Array.isArray(videos)) return []
  return videos
    .map((video) => (video as { cover?: unknown } | null)?.cover)
    .filter((cover): cover is string => typeof cover === 'string' && cover !== '')
    .slice(0, count)
}

export interface FirstCoverDeps {
  /** The config's domains (the IMAGE one), or null before the config is known. */
  domains(): { domain: readonly DomainEntry[] } | null
  /** Starts loading one image URL; the lazy image asking for it later shares the result. */
  load(url: string): void
}

/**
 * Starts loading the first screen's covers of a media/home answer, before React has built the
 * cards and their observers have fired (on a slow phone most of a second later). They are the
 * first screen's largest images, so a browser's preload scanner would fetch them first too.
 */
export function loadFirstCovers(answer: unknown, deps: FirstCoverDeps): void {
  const domains = deps.domains()
  if (!domains) return
  for (const key of firstCoverKeys(answer)) deps.load(imageUrl(domains, key))
}
