import { createApiLines, type ApiLines } from '../../core/lines/api-lines.ts'

const STORAGE_KEY = 'marquee:api-lines'

/** localStorage, or what stands for it in tests; a getter, as reading `localStorage` throws where storage is blocked. */
type LineStorage = () => Pick<Storage, 'getItem' | 'setItem'>

/**
 * The API lines, starting on the one that worked last (kept in localStorage, read before the first
 * call goes out), or on `origin` before any config has named them. `onMoved`: calls now go to
 * another line.
 */
export function rememberedApiLines(
  storage: LineStorage,
  origin: string,
  onMoved?: (current: string) => void,
): ApiLines {
  const saved = readSaved(storage)
  const lines = saved?.lines
  return createApiLines({
    lines:
      Array.isArray(lines) && lines.length > 0 && lines.every((line) => typeof line === 'string') ? lines : [origin],
    current: typeof saved?.current === 'string' ? saved.current : null,
    ...(onMoved ? { onMoved } : {}),
    onChange(current, lines) {
      try {
        storage().setItem(STORAGE_KEY, JSON.stringify({ lines, current }))
      } catch {
        // Not kept: the next start begins on the first line and moves again if it must.
      }
    },
  })
}

function readSaved(storage: LineStorage): { lines?: unknown; current?: unknown } | null {
  try {
    return JSON.parse(storage().getItem(STORAGE_KEY) ?? 'null') as { lines?: unknown; current?: unknown } | null
  } catch {
    // Unreadable or blocked storage: start on the first line.
    return null
  }
}
