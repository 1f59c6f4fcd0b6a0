/** Fields that may hold an ad's target, the first present one winning. */
const AD_TARGET_FIELDS = ['href', 'url', 'link', 'jumpLink', 'jumpUrl', 'download_url'] as const

export type AdTargetFields = Partial<Record<(typeof AD_TARGET_FIELDS)[number], unknown>>

/**
 * An ad's target: the first of href, url, link, jumpLink, jumpUrl, download_url that is a
 * non-blank string (trimmed), or undefined. Non-string values are skipped.
 */
export function adTarget(ad: AdTargetFields | null | undefined): string | undefined {
  if (!ad) return undefined
  for (const field of AD_TARGET_FIELDS) {
    const value = ad[field]
    if (typeof value === 'string' && value.trim() !== '') return value.trim()
  }
  return undefined
}
