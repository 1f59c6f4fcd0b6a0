import { imageUrl, type DomainEntry } from '../../../core/contracts/domain.ts'
import type { Api, CallOptions } from '../../lib/http.ts'

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
 * The api, with home's first covers starting to load the moment media/home answers instead of
 * once React has built the cards and their observers have fired (on a slow phone most of a
 * second later). They are the first screen's largest images, so a browser's preload scanner
 * would fetch them first too.
 */
export function loadingFirstCovers(api: Api, deps: FirstCoverDeps): Api {
  const warm = (answer: unknown) => {
    const domains = deps.domains()
    if (!domains) return
    for (const key of firstCoverKeys(answer)) deps.load(imageUrl(domains, key))
  }
  return {
    call: (...args) => api.call(...args),
    get: (...args) => api.get(...args),
    post: <T>(name: string, body?: unknown, options?: CallOptions) => {
      const answer = api.post<T>(name, body, options)
      if (name === 'media/home') {
        answer.then(warm, () => {
          // The list shows the failure; there is nothing to warm.
        })
      }
      return answer
    },
    get clockOffsetSeconds() {
      return api.clockOffsetSeconds
    },
  }
}
