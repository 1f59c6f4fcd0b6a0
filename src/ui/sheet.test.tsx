import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Sheet } from './sheet.tsx'

function Harness({ onClose }: { onClose: () => void }) {
  const [count, setCount] = useState(0)
  return (
    <Sheet
      title="标题"
      onClose={() => onClose()}
      actions={
        <>
          <button type="button">取消</button>
          <button type="button" onClick={() => setCount(count + 1)}>
            加一 {count}
          </button>
        </>
      }
    />
  )
}

afterEach(cleanup)

describe('Sheet', () => {
  it('focuses its first button on open and keeps focus where the user moved it across renders', () => {
    render(<Harness onClose={() => undefined} />)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '取消' }))
    const second = screen.getByRole('button', { name: /加一/ })
    act(() => second.focus())
    fireEvent.click(second)
    expect(screen.getByRole('button', { name: '加一 1' })).toBe(document.activeElement)
  })

  it('closes on Escape with the latest onClose', () => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('is a labelled modal dialog', () => {
    render(<Harness onClose={() => undefined} />)
    expect(screen.getByRole('dialog', { name: '标题' }).getAttribute('aria-modal')).toBe('true')
  })
})
