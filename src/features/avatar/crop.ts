/** The square crop of the avatar page, in the picked image's own pixels. */

/** The side of the stored avatar; the server re-encodes it anyway, so larger would only cost bytes. */
export const AVATAR_SIDE = 512
export const MIN_ZOOM = 1
export const MAX_ZOOM = 4

export interface Crop {
  /** The image's size. */
  width: number
  height: number
  /** 1 shows the whole short side; 2 half of it. */
  zoom: number
  /** The centre of the square, in image pixels. */
  centerX: number
  centerY: number
}

/** The side of the square in image pixels. */
export function cropSide(crop: Crop): number {
  return Math.min(crop.width, crop.height) / crop.zoom
}

/** Keeps the square inside the image, so the avatar never shows a blank edge. */
function contained(crop: Crop): Crop {
  const half = cropSide(crop) / 2
  const clamp = (value: number, size: number) => Math.min(Math.max(value, half), size - half)
  return { ...crop, centerX: clamp(crop.centerX, crop.width), centerY: clamp(crop.centerY, crop.height) }
}

/** The whole short side, centred. */
export function initialCrop(width: number, height: number): Crop {
  return { width, height, zoom: MIN_ZOOM, centerX: width / 2, centerY: height / 2 }
}

/** Moves the image by (dx, dy) screen pixels on a crop area `viewSide` pixels wide: it follows the finger. */
export function panCrop(crop: Crop, dx: number, dy: number, viewSide: number): Crop {
  const imagePixelsPerScreenPixel = cropSide(crop) / viewSide
  return contained({
    ...crop,
    centerX: crop.centerX - dx * imagePixelsPerScreenPixel,
    centerY: crop.centerY - dy * imagePixelsPerScreenPixel,
  })
}

/** Zooms about the centre of the square, within MIN_ZOOM..MAX_ZOOM. */
export function zoomCrop(crop: Crop, zoom: number): Crop {
  return contained({ ...crop, zoom: Math.min(Math.max(zoom, MIN_ZOOM), MAX_ZOOM) })
}

/** Where the image sits in the crop area, as percentages of its side (no need to know it in pixels). */
export function imagePlacement(crop: Crop): { left: string; top: string; width: string } {
  const side = cropSide(crop)
  const percent = (value: number) => `${(value * 100).toFixed(3)}%`
  return {
    left: percent(0.5 - crop.centerX / side),
    top: percent(0.5 - crop.centerY / side),
    width: percent(crop.width / side),
  }
}

/** The source square for drawImage. */
export function sourceSquare(crop: Crop): { x: number; y: number; side: number } {
  const side = cropSide(crop)
  return { x: crop.centerX - side / 2, y: crop.centerY - side / 2, side }
}
