import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-community.ts'
import { ImageGrid } from './image-grid.tsx'
import { image } from './testing.tsx'

vi.mock('../../lib/image-fallback.ts', () => ({ pageImageFallback: () => ({ load: () => new Promise(() => {}) }) }))

/** embla as the viewer uses it: a swipe is a `select` with the slide it settled on. */
const embla = vi.hoisted(() => {
  const handlers = new Set<() => void>()
  const state = { selected: 0 }
  const api = {
    on: (_event: string, handler: () => void) => void handlers.add(handler),
    off: (_event: string, handler: () => void) => void handlers.delete(handler),
    scrollTo: (index: number) => {
      state.selected = index
    },
    selectedScrollSnap: () => state.selected,
  }
  return {
    api,
    state,
    options: [] as unknown[],
    swipeTo(index: number) {
      state.selected = index
      handlers.forEach((handler) => handler())
    },
  }
})
vi.mock('embla-carousel-react', () => ({
  default: (options: unknown) => {
    embla.options.push(options)
    return [() => {}, embla.api]
  },
}))

afterEach(cleanup)

const images = [image('a'), image('b'), image('c')]
const counter = () => document.querySelector('.image-viewer__counter')?.textContent

async function openAt(index: number) {
  render(<ImageGrid images={images} config={null} />)
  const opener = screen.getAllByRole('button', { name: /查看图片/ })[index]!
  opener.focus()
  await act(async () => fireEvent.click(opener))
  return { dialog: await screen.findByRole('dialog', { name: t.community.viewer }), opener }
}

describe('ImageViewer', () => {
  it('opens on the tapped image with focus on 关闭, and Escape closes it giving focus back', async () => {
    const { dialog, opener } = await openAt(1)
    expect(embla.options.at(-1)).toMatchObject({ startIndex: 1 })
    expect(counter()).toBe('2 / 3')
    expect(document.activeElement?.textContent).toBe(t.community.close)
    expect(document.body.style.overflow).toBe('hidden')
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    expect(document.body.style.overflow).toBe('')
  })

  it('arrows move between images and stop at the ends; the slides say which is shown', async () => {
    const { dialog } = await openAt(0)
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(counter()).toBe('2 / 3')
    expect(embla.state.selected).toBe(1)
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(counter()).toBe('3 / 3')
    expect(screen.getByRole('button', { name: t.community.next }).getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: t.community.previous }))
    expect(counter()).toBe('2 / 3')
    const slides = screen.getAllByRole('group', { hidden: true })
    expect(slides.map((slide) => slide.getAttribute('aria-hidden'))).toEqual(['true', 'false', 'true'])
    expect(slides[1]!.getAttribute('aria-label')).toBe(t.community.viewerSlide(2, 3))
  })

  it('follows a swipe', async () => {
    await openAt(0)
    act(() => embla.swipeTo(2))
    expect(counter()).toBe('3 / 3')
  })

  it('keeps focus inside: Tab from the last button goes to the first, Shift+Tab back', async () => {
    const { dialog } = await openAt(1)
    const buttons = [...dialog.querySelectorAll('button')]
    buttons.at(-1)!.focus()
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(document.activeElement).toBe(buttons[0])
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(buttons.at(-1))
  })
})
