/** Drawing and saving canvas images (the credential card, the invite poster). */

/** A QR symbol's modules as the `qrcode` library gives them. */
export interface QrModules {
  size: number
  get(row: number, column: number): number | boolean
}

/** Fills the dark modules of a QR symbol, `cell` pixels each, from (`left`, `top`). */
export function drawQrModules(
  context: CanvasRenderingContext2D,
  modules: QrModules,
  at: { left: number; top: number; cell: number },
): void {
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column))
        context.fillRect(at.left + column * at.cell, at.top + row * at.cell, at.cell, at.cell)
    }
  }
}

/** Downloads the canvas as a PNG through an object URL: what it shows never goes into a URL. */
export function saveCanvasImage(canvas: HTMLCanvasElement, fileName: string): Promise<void> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => {
      if (!blob) return reject(new Error('the canvas gave no image'))
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = fileName
      document.body.append(link)
      link.click()
      link.remove()
      // Revoked a moment later: some browsers read the URL after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 1000)
      resolve()
    }, 'image/png'),
  )
}
