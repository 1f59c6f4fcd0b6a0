import { act, cleanup, render } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { markOfflineAtom, markOnlineAtom } from './online-status.ts'
import { createAppStore } from './store.ts'
import { useLoadWhenBackOnline } from './use-back-online.ts'

afterEach(cleanup)

function setup(failed: boolean) {
  const store = createAppStore()
  const load = vi.fn()
  function Screen({ failed }: { failed: boolean }) {
    useLoadWhenBackOnline(failed, load)
    return null
  }
  const view = render(
    <Provider store={store}>
      <Screen failed={failed} />
    </Provider>,
  )
  const rerender = (next: boolean) =>
    view.rerender(
      <Provider store={store}>
        <Screen failed={next} />
      </Provider>,
    )
  return { store, load, rerender }
}

describe('useLoadWhenBackOnline', () => {
  it('loads a failed screen once when the app comes back online', () => {
    const { store, load } = setup(true)
    act(() => store.set(markOfflineAtom))
    expect(load).not.toHaveBeenCalled()
    act(() => store.set(markOnlineAtom))
    expect(load).toHaveBeenCalledTimes(1)
    act(() => store.set(markOnlineAtom))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('leaves a screen that did not fail, and does not retry a failure while online', () => {
    const notFailed = setup(false)
    act(() => notFailed.store.set(markOfflineAtom))
    act(() => notFailed.store.set(markOnlineAtom))
    expect(notFailed.load).not.toHaveBeenCalled()

    const serverError = setup(true)
    serverError.rerender(false)
    serverError.rerender(true)
    expect(serverError.load).not.toHaveBeenCalled()
  })
})
