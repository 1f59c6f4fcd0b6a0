/**
 * Just enough of RFC 8216 (HLS) to read the playlists ffmpeg writes and to write a
 * master playlist: attribute lists, EXTINF, EXT-X-KEY, EXT-X-STREAM-INF.
 */

export class PlaylistError extends Error {
  override name = 'PlaylistError'
}

/** An attribute list (`A=1,B="x,y",C=0x0F`) as strings, quotes removed. */
export function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {}
  const pattern = /([A-Z0-9-]+)=("[^"]*"|[^",]*)(?:,|$)/y
  let position = 0
  while (position < text.length) {
    pattern.lastIndex = position
    const match = pattern.exec(text)
    if (match === null) throw new PlaylistError(`bad attribute list: ${text}`)
    const [, name = '', raw = ''] = match
    attributes[name] = raw.startsWith('"') ? raw.slice(1, -1) : raw
    position = pattern.lastIndex
  }
  return attributes
}

interface SegmentKey {
  method: string
  uri?: string
  /** The explicit IV (16 bytes), if the tag has one. */
  iv?: Uint8Array
}

export interface MediaSegment {
  uri: string
  duration: number
  /** Media sequence number (EXT-X-MEDIA-SEQUENCE + position). */
  sequence: number
  key: SegmentKey | null
}

export interface MediaPlaylist {
  targetDuration: number
  mediaSequence: number
  endList: boolean
  segments: MediaSegment[]
}

function lines(text: string): string[] {
  const all = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
  if (all[0] !== '#EXTM3U') throw new PlaylistError('not a playlist: the first line is not #EXTM3U')
  return all.slice(1)
}

function tagValue(line: string, tag: string): string | null {
  return line.startsWith(`${tag}:`) ? line.slice(tag.length + 1) : null
}

function parseIv(hex: string): Uint8Array {
  if (!/^0x[0-9a-f]{32}$/i.test(hex)) throw new PlaylistError(`bad IV: ${hex}`)
  return Uint8Array.from(hex.slice(2).match(/../g) ?? [], (byte) => parseInt(byte, 16))
}

export function parseMediaPlaylist(text: string): MediaPlaylist {
  const playlist: MediaPlaylist = { targetDuration: 0, mediaSequence: 0, endList: false, segments: [] }
  let key: SegmentKey | null = null
  let duration: number | null = null
  for (const line of lines(text)) {
    let value: string | null
    if ((value = tagValue(line, '#EXT-X-TARGETDURATION')) !== null) playlist.targetDuration = Number(value)
    else if ((value = tagValue(line, '#EXT-X-MEDIA-SEQUENCE')) !== null) playlist.mediaSequence = Number(value)
    else if ((value = tagValue(line, '#EXTINF')) !== null) duration = Number(value.split(',')[0])
    else if ((value = tagValue(line, '#EXT-X-KEY')) !== null) {
      const attributes = parseAttributes(value)
      const method = attributes.METHOD ?? ''
      key =
        method === 'NONE'
          ? null
          : {
              method,
              ...(attributes.URI !== undefined && { uri: attributes.URI }),
              ...(attributes.IV !== undefined && { iv: parseIv(attributes.IV) }),
            }
    } else if (line === '#EXT-X-ENDLIST') playlist.endList = true
    else if (!line.startsWith('#')) {
      if (duration === null || !Number.isFinite(duration)) throw new PlaylistError(`segment ${line} has no EXTINF`)
      const sequence = playlist.mediaSequence + playlist.segments.length
      playlist.segments.push({ uri: line, duration, sequence, key })
      duration = null
    }
  }
  return playlist
}

export interface Variant {
  uri: string
  attributes: Record<string, string>
}

export function parseMasterPlaylist(text: string): Variant[] {
  const variants: Variant[] = []
  let pending: Record<string, string> | null = null
  for (const line of lines(text)) {
    const value = tagValue(line, '#EXT-X-STREAM-INF')
    if (value !== null) pending = parseAttributes(value)
    else if (!line.startsWith('#') && pending !== null) {
      variants.push({ uri: line, attributes: pending })
      pending = null
    }
  }
  return variants
}

export interface VariantEntry {
  uri: string
  bandwidth: number
  averageBandwidth: number
  width: number
  height: number
  codecs: string
  frameRate: number
}

/** A master playlist listing `variants` in the order given. */
export function writeMasterPlaylist(variants: readonly VariantEntry[]): string {
  const out = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS']
  for (const variant of variants) {
    const attributes = [
      `BANDWIDTH=${variant.bandwidth}`,
      `AVERAGE-BANDWIDTH=${variant.averageBandwidth}`,
      `RESOLUTION=${variant.width}x${variant.height}`,
      ...(variant.codecs ? [`CODECS="${variant.codecs}"`] : []),
      ...(variant.frameRate > 0 ? [`FRAME-RATE=${variant.frameRate.toFixed(3)}`] : []),
    ]
    out.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, variant.uri)
  }
  return `${out.join('\n')}\n`
}
