import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-pwa.ts'
import { createAppStore } from '../../lib/store.ts'
import { Toaster } from '../../ui/toast.tsx'
import { SettingsScreen, type SettingsDeps } from './settings-screen.tsx'

afterEach(cleanup)

const MB = 1024 * 1024

function renderSettings(deps: SettingsDeps) {
  const rootRoute = createRootRoute()
  const settingRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/mine/setting/',
    component: () => (
      <>
        <SettingsScreen deps={deps} />
        <Toaster />
      </>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([settingRoute]),
    history: createMemoryHistory({ initialEntries: ['/mine/setting/'] }),
  })
  render(
    <Provider store={createAppStore()}>
      <RouterProvider router={router} />
    </Provider>,
  )
}

describe('SettingsScreen', () => {
  it('shows the storage used and links to the settings pages', async () => {
    renderSettings({ estimate: async () => ({ usage: 3 * MB, quota: 100 * MB }), clearImages: vi.fn() })
    expect(await screen.findByText(t.settings.storageUsed('3 MB', '100 MB'))).toBeTruthy()
    expect(screen.getByRole('link', { name: new RegExp(`^${t.pages.kf}`) }).getAttribute('href')).toBe(
      '/mine/setting/kf',
    )
    // The test router has no child routes, so it may normalise the trailing slash away.
    expect(screen.getByRole('link', { name: new RegExp(`^${t.pages.account}$`) }).getAttribute('href')).toMatch(
      /^\/mine\/setting\/accout\/?$/,
    )
  })

  it('says when the browser gives no estimate', async () => {
    renderSettings({ estimate: async () => null, clearImages: vi.fn() })
    expect(await screen.findByText(t.settings.storageUnknown)).toBeTruthy()
  })

  it('clears only after confirmation, then shows the new usage', async () => {
    let usage = 40 * MB
    const clearImages = vi.fn(async () => {
      usage = 2 * MB
    })
    renderSettings({ estimate: async () => ({ usage, quota: 100 * MB }), clearImages })
    await screen.findByText(t.settings.storageUsed('40 MB', '100 MB'))

    fireEvent.click(screen.getByRole('button', { name: t.settings.clearCache }))
    expect(screen.getByRole('dialog', { name: t.settings.clearConfirmTitle })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: t.settings.cancel }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(clearImages).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: t.settings.clearCache }))
    fireEvent.click(screen.getByRole('button', { name: t.settings.clearConfirm }))
    expect(await screen.findByText(t.settings.storageUsed('2 MB', '100 MB'))).toBeTruthy()
    expect(clearImages).toHaveBeenCalledTimes(1)
    expect(screen.getByText(t.settings.cleared)).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says when clearing failed', async () => {
    renderSettings({
      estimate: async () => ({ usage: MB, quota: 10 * MB }),
      clearImages: () => Promise.reject(new Error('blocked')),
    })
    await screen.findByText(t.settings.storageUsed('1 MB', '10 MB'))
    fireEvent.click(screen.getByRole('button', { name: t.settings.clearCache }))
    fireEvent.click(screen.getByRole('button', { name: t.settings.clearConfirm }))
    await waitFor(() => expect(screen.getByText(t.settings.clearFailed)).toBeTruthy())
  })
})
