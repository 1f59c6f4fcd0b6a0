import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages.ts'
import { createAppStore } from '../../lib/store.ts'
import { offerUpdateAtom, UpdatePrompt } from './update.tsx'

afterEach(cleanup)

function renderPrompt() {
  const store = createAppStore()
  render(
    <Provider store={store}>
      <UpdatePrompt />
    </Provider>,
  )
  return store
}

describe('UpdatePrompt', () => {
  it('shows nothing until an update is offered', () => {
    renderPrompt()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('applies the update once on the tap and says it is updating', async () => {
    const store = renderPrompt()
    const apply = vi.fn()
    store.set(offerUpdateAtom, apply)
    const button = await screen.findByRole('button', { name: t.update.action })
    fireEvent.click(button)
    fireEvent.click(button)
    expect(apply).toHaveBeenCalledTimes(1)
    expect(screen.getByText(t.update.updating)).toBeTruthy()
    expect(screen.queryByRole('button', { name: t.update.later })).toBeNull()
  })

  it('hides on "later" without applying', async () => {
    const store = renderPrompt()
    const apply = vi.fn()
    store.set(offerUpdateAtom, apply)
    fireEvent.click(await screen.findByRole('button', { name: t.update.later }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(apply).not.toHaveBeenCalled()
  })
})
