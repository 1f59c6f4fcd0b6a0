import { describe, expect, it } from 'vitest'
import { MAX_ZOOM, imagePlacement, initialCrop, panCrop, sourceSquare, zoomCrop } from './crop.ts'

describe('crop', () => {
  it('starts with the whole short side, centred', () => {
    expect(sourceSquare(initialCrop(800, 600))).toEqual({ x: 100, y: 0, side: 600 })
    expect(imagePlacement(initialCrop(800, 600))).toEqual({ left: '-16.667%', top: '0.000%', width: '133.333%' })
  })

  it('pans with the finger in image pixels and never past an edge', () => {
    // A 300 px crop area over 600 image px: 10 screen px move the square 20 image px.
    expect(sourceSquare(panCrop(initialCrop(800, 600), -10, 0, 300))).toEqual({ x: 120, y: 0, side: 600 })
    expect(sourceSquare(panCrop(initialCrop(800, 600), -1000, 50, 300))).toEqual({ x: 200, y: 0, side: 600 })
  })

  it('zooms about the centre within the limits, pulling the square back inside', () => {
    const zoomed = zoomCrop(initialCrop(800, 600), 2)
    expect(sourceSquare(zoomed)).toEqual({ x: 250, y: 150, side: 300 })
    const inCorner = panCrop(zoomed, 1000, 1000, 300)
    expect(sourceSquare(inCorner)).toEqual({ x: 0, y: 0, side: 300 })
    expect(sourceSquare(zoomCrop(inCorner, 1))).toEqual({ x: 0, y: 0, side: 600 })
    expect(zoomCrop(inCorner, 99).zoom).toBe(MAX_ZOOM)
  })
})
