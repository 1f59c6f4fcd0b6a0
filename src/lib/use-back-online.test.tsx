import { act, cleanup, render } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { markOfflineAtom, markOnlineAtom } from './online-status.ts'
import { createAppStore } from './store.ts'
import { useLoadWhenBackOnline } from './use-back-online.ts'

afterEach(cleanup)

function setup(needed: boolean, { offline = false } = {}) {
  const store = createAppStore()
  if (offline) store.set(markOfflineAtom)
  const load = vi.fn()
  function Screen({ needed }: { needed: boolean }) {
    useLoadWhenBackOnline(needed, load)
    return null
  }
  const view = render(
    <Provider store={store}>
      <Screen needed={needed} />
    </Provider>,
  )
  const rerender = (next: boolean) =>
    view.rerender(
      <Provider store={store}>
        <Screen needed={next} />
      </Provider>,
    )
  return { store, load, rerender }
}

describe('useLoadWhenBackOnline', () => {
  it('loads a failed screen once when the app comes back online', () => {
    const { store, load, rerender } = setup(false)
    act(() => store.set(markOfflineAtom))
    rerender(true)
    expect(load).not.toHaveBeenCalled()
    act(() => store.set(markOnlineAtom))
    expect(load).toHaveBeenCalledTimes(1)
    act(() => store.set(markOnlineAtom))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('leaves a screen with nothing needed, and does not retry a failure while online', () => {
    const notNeeded = setup(false)
    act(() => notNeeded.store.set(markOfflineAtom))
    act(() => notNeeded.store.set(markOnlineAtom))
    expect(notNeeded.load).not.toHaveBeenCalled()

    const serverError = setup(false)
    serverError.rerender(true)
    serverError.rerender(false)
    serverError.rerender(true)
    expect(serverError.load).not.toHaveBeenCalled()
  })

  it('asks once at mount for what an earlier visit left needed (a list from storage) when online by then', () => {
    const online = setup(true)
    expect(online.load).toHaveBeenCalledTimes(1)
    online.rerender(false)
    online.rerender(true)
    expect(online.load).toHaveBeenCalledTimes(1)

    const offline = setup(true, { offline: true })
    expect(offline.load).not.toHaveBeenCalled()
    act(() => offline.store.set(markOnlineAtom))
    expect(offline.load).toHaveBeenCalledTimes(1)
  })
})
