import { SCRAMBLE_SCHEMES, type ScrambleScheme } from '../../images/scramble.ts'

/** What an image is for; each kind is scrambled with its configured scheme (IMAGE_SCHEMES). */
export const IMAGE_KINDS = ['cover', 'ad', 'icon', 'avatar', 'upload'] as const
export type ImageKind = (typeof IMAGE_KINDS)[number]

export type ImageSchemes = Record<ImageKind, ScrambleScheme>

/** All three schemes in use out of the box, so every client path is exercised by the demo. */
export const DEFAULT_IMAGE_SCHEMES: Readonly<ImageSchemes> = {
  cover: 'marker',
  ad: 'head',
  icon: 'offset',
  avatar: 'marker',
  upload: 'head',
}

/** The IMAGE domain's default path on this server; images are served at `${IMAGE_PATH}/<key>`. */
export const IMAGE_PATH = '/img'

const isKind = (value: string): value is ImageKind => (IMAGE_KINDS as readonly string[]).includes(value)
const isScheme = (value: string): value is ScrambleScheme => (SCRAMBLE_SCHEMES as readonly string[]).includes(value)

/**
 * IMAGE_SCHEMES, e.g. `cover=marker,ad=head`: comma-separated kind=scheme pairs; kinds left out
 * keep their default. Returns the schemes, or every problem found.
 */
export function parseImageSchemes(raw: string): { schemes: ImageSchemes } | { problems: string[] } {
  const schemes: ImageSchemes = { ...DEFAULT_IMAGE_SCHEMES }
  const problems: string[] = []
  const seen = new Set<string>()
  for (const part of raw.split(',')) {
    const entry = part.trim()
    if (entry === '') continue
    const match = /^([^=\s]+)\s*=\s*([^=\s]+)$/.exec(entry)
    if (!match) {
      problems.push(`${JSON.stringify(entry)} is not kind=scheme`)
      continue
    }
    const kind = match[1]!.toLowerCase()
    const scheme = match[2]!.toLowerCase()
    if (!isKind(kind)) problems.push(`unknown kind ${JSON.stringify(match[1])} (kinds: ${IMAGE_KINDS.join(', ')})`)
    else if (seen.has(kind)) problems.push(`${kind} is given twice`)
    if (!isScheme(scheme)) {
      problems.push(`unknown scheme ${JSON.stringify(match[2])} (schemes: ${SCRAMBLE_SCHEMES.join(', ')})`)
    }
    if (isKind(kind) && isScheme(scheme) && !seen.has(kind)) schemes[kind] = scheme
    seen.add(kind)
  }
  return problems.length > 0 ? { problems } : { schemes }
}
