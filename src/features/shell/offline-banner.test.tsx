import { act, cleanup, render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it } from 'vitest'
import { t } from '../../lib/messages.ts'
import { markOfflineAtom, markOnlineAtom } from '../../lib/online-status.ts'
import { createAppStore } from '../../lib/store.ts'
import { OfflineBanner } from './offline-banner.tsx'

afterEach(cleanup)

describe('OfflineBanner', () => {
  it('says the app is offline while it is, in a status region', () => {
    const store = createAppStore()
    render(
      <Provider store={store}>
        <OfflineBanner />
      </Provider>,
    )
    expect(screen.queryByText(t.offline.banner)).toBeNull()
    act(() => store.set(markOfflineAtom))
    expect(screen.getByRole('status').textContent).toBe(t.offline.banner)
    act(() => store.set(markOnlineAtom))
    expect(screen.queryByText(t.offline.banner)).toBeNull()
  })
})
