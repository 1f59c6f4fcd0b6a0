import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { t } from '../../lib/messages-uploads.ts'
import { MAX_ZOOM, MIN_ZOOM, imagePlacement, panCrop, zoomCrop, type Crop } from './crop.ts'

/** Screen pixels an arrow key moves the image (Shift: five times as far). */
const KEY_STEP = 8
const ZOOM_STEP = 0.1

interface Point {
  x: number
  y: number
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

/**
 * The square crop area: drag to move the image, pinch, wheel or the slider to zoom, arrow keys
 * and +/- for keyboards. The circle shows what the avatar will look like; the square is kept.
 */
export function CropArea({ url, crop, onChange }: { url: string; crop: Crop; onChange: (crop: Crop) => void }) {
  const area = useRef<HTMLDivElement>(null)
  const pointers = useRef(new Map<number, Point>())
  // The latest crop and callback, for the wheel listener registered once.
  const latest = useRef({ crop, onChange })
  useEffect(() => {
    latest.current = { crop, onChange }
  }, [crop, onChange])

  useEffect(() => {
    const element = area.current
    if (!element) return
    // React's onWheel is passive, so it could not keep the page from scrolling.
    const handleWheel = (event: WheelEvent) => {
      event.preventDefault()
      const { crop: current, onChange: change } = latest.current
      change(zoomCrop(current, current.zoom * Math.exp(-event.deltaY / 500)))
    }
    element.addEventListener('wheel', handleWheel, { passive: false })
    return () => element.removeEventListener('wheel', handleWheel)
  }, [])

  const viewSide = () => area.current?.clientWidth || 1

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId)
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
  }
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(event.pointerId)
    if (!before) return
    const now = { x: event.clientX, y: event.clientY }
    const others = [...pointers.current].filter(([id]) => id !== event.pointerId).map(([, point]) => point)
    pointers.current.set(event.pointerId, now)
    const other = others[0]
    if (other) {
      // Two fingers: zoom by how much further apart they are.
      const ratio = distance(now, other) / Math.max(1, distance(before, other))
      onChange(zoomCrop(crop, crop.zoom * ratio))
    } else {
      onChange(panCrop(crop, now.x - before.x, now.y - before.y, viewSide()))
    }
  }
  const handlePointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId)
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const move = moves[event.key]
    if (move) onChange(panCrop(crop, move[0], move[1], viewSide()))
    else if (event.key === '+' || event.key === '=') onChange(zoomCrop(crop, crop.zoom + ZOOM_STEP))
    else if (event.key === '-') onChange(zoomCrop(crop, crop.zoom - ZOOM_STEP))
    else return
    event.preventDefault()
  }

  return (
    <div className="avatar-crop-tools">
      <div
        ref={area}
        className="avatar-crop"
        role="group"
        aria-label={t.avatar.cropArea}
        tabIndex={0}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerEnd}
        onPointerCancel={handlePointerEnd}
        onKeyDown={handleKeyDown}
      >
        <img className="avatar-crop__image" src={url} alt="" draggable={false} style={imagePlacement(crop)} />
      </div>
      <label className="avatar-zoom">
        <span>{t.avatar.zoom}</span>
        <input
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={crop.zoom}
          onChange={(event) => onChange(zoomCrop(crop, Number(event.currentTarget.value)))}
        />
      </label>
    </div>
  )
}
