import { AVATAR_SIDE, sourceSquare, type Crop } from './crop.ts'

/** A picked image, decoded: shown in the crop area through `url`, drawn from `source`. */
export interface PickedImage {
  url: string
  source: CanvasImageSource
  width: number
  height: number
  /** Frees the object URL. */
  close(): void
}

/** Decodes a picked file; rejects when the browser cannot read it as an image. */
export async function openImage(file: Blob): Promise<PickedImage> {
  const url = URL.createObjectURL(file)
  const image = new Image()
  image.src = url
  try {
    await image.decode()
  } catch (error) {
    URL.revokeObjectURL(url)
    throw error
  }
  return {
    url,
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    close: () => URL.revokeObjectURL(url),
  }
}

/** The cropped square as a 512×512 JPEG: small to send, and the server re-encodes it anyway. */
export function renderAvatar(source: CanvasImageSource, crop: Crop): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = AVATAR_SIDE
  canvas.height = AVATAR_SIDE
  const context = canvas.getContext('2d')
  if (!context) return Promise.reject(new Error('no 2d canvas'))
  // A transparent PNG would turn black in a JPEG.
  context.fillStyle = '#fff'
  context.fillRect(0, 0, AVATAR_SIDE, AVATAR_SIDE)
  context.imageSmoothingQuality = 'high'
  const { x, y, side } = sourceSquare(crop)
  context.drawImage(source, x, y, side, side, 0, 0, AVATAR_SIDE, AVATAR_SIDE)
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no image'))), 'image/jpeg', 0.9),
  )
}
