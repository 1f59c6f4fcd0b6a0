import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/messages-pwa.ts'
import { createAppStore, type AppStore } from '../../lib/store.ts'
import { InstallEntry } from './install-entry.tsx'
import {
  captureInstallPrompt,
  InstallOption,
  installOptionAtom,
  installOutcomeAtom,
  isIosDevice,
  promptInstallAtom,
} from './install.ts'

afterEach(cleanup)

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1'
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15'

function fakeEnvironment({
  userAgent = ANDROID_CHROME,
  maxTouchPoints = 5,
  standalone = false,
  displayMode = false,
} = {}) {
  const events = new EventTarget()
  const media = Object.assign(new EventTarget(), { matches: displayMode })
  const env = {
    addEventListener: (type: string, listener: (event: Event) => void) => events.addEventListener(type, listener),
    matchMedia: vi.fn(() => media),
    navigator: { userAgent, maxTouchPoints, standalone },
  }
  return { env, events, media }
}

function installPromptEvent(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  })
  return event
}

function captured(options?: Parameters<typeof fakeEnvironment>[0]) {
  const store = createAppStore()
  const world = fakeEnvironment(options)
  captureInstallPrompt(store, world.env)
  return { store, ...world }
}

describe('isIosDevice', () => {
  it.each([
    [IPHONE_SAFARI, 5, true],
    [IPAD_DESKTOP_MODE, 5, true],
    [IPAD_DESKTOP_MODE, 0, false],
    [ANDROID_CHROME, 5, false],
  ])('%s with %i touch points → %s', (userAgent, touchPoints, expected) => {
    expect(isIosDevice(userAgent, touchPoints)).toBe(expected)
  })
})

describe('install state', () => {
  it('offers nothing until the browser says the app is installable, then its prompt', () => {
    const { store, events } = captured()
    expect(store.get(installOptionAtom)).toBe(InstallOption.None)
    const event = installPromptEvent('accepted')
    events.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(store.get(installOptionAtom)).toBe(InstallOption.Prompt)
  })

  it('prompts once; accepted hides the entry and is remembered', async () => {
    const { store, events } = captured()
    const event = installPromptEvent('accepted')
    events.dispatchEvent(event)
    await expect(store.set(promptInstallAtom)).resolves.toBe('accepted')
    expect(event.prompt).toHaveBeenCalledTimes(1)
    expect(store.get(installOptionAtom)).toBe(InstallOption.None)
    expect(store.get(installOutcomeAtom)).toBe('accepted')
    // The event is spent: a second tap does not prompt again.
    await expect(store.set(promptInstallAtom)).resolves.toBeNull()
    expect(event.prompt).toHaveBeenCalledTimes(1)
  })

  it('dismissed drops the spent event until the browser fires a new one', async () => {
    const { store, events } = captured()
    events.dispatchEvent(installPromptEvent('dismissed'))
    await expect(store.set(promptInstallAtom)).resolves.toBe('dismissed')
    expect(store.get(installOptionAtom)).toBe(InstallOption.None)
    expect(store.get(installOutcomeAtom)).toBe('dismissed')
    events.dispatchEvent(installPromptEvent('accepted'))
    expect(store.get(installOptionAtom)).toBe(InstallOption.Prompt)
  })

  it('hides after appinstalled (installed from the browser menu)', () => {
    const { store, events } = captured()
    events.dispatchEvent(installPromptEvent('accepted'))
    events.dispatchEvent(new Event('appinstalled'))
    expect(store.get(installOptionAtom)).toBe(InstallOption.None)
  })

  it('offers the steps on iOS, which has no prompt event', () => {
    const { store } = captured({ userAgent: IPHONE_SAFARI })
    expect(store.get(installOptionAtom)).toBe(InstallOption.IosSteps)
  })

  it.each([
    ['display-mode: standalone', { displayMode: true }],
    ['navigator.standalone (iOS home screen)', { userAgent: IPHONE_SAFARI, standalone: true }],
  ])('offers nothing when running standalone (%s)', (_name, options) => {
    const { store, events } = captured(options)
    events.dispatchEvent(installPromptEvent('accepted'))
    expect(store.get(installOptionAtom)).toBe(InstallOption.None)
  })

  it('follows the display mode when it changes', () => {
    const { store, events, media } = captured()
    events.dispatchEvent(installPromptEvent('accepted'))
    media.matches = true
    media.dispatchEvent(new Event('change'))
    expect(store.get(installOptionAtom)).toBe(InstallOption.None)
  })
})

function renderEntry(store: AppStore) {
  render(
    <Provider store={store}>
      <InstallEntry />
    </Provider>,
  )
}

describe('InstallEntry', () => {
  it('renders nothing where installing is not offered', () => {
    const { store } = captured()
    renderEntry(store)
    expect(screen.queryByRole('button', { name: t.install.action })).toBeNull()
  })

  it('prompts on the tap and then says the app was added', async () => {
    const { store, events } = captured()
    const event = installPromptEvent('accepted')
    events.dispatchEvent(event)
    renderEntry(store)
    fireEvent.click(screen.getByRole('button', { name: t.install.action }))
    expect(await screen.findByText(t.install.accepted)).toBeTruthy()
    expect(event.prompt).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: t.install.action })).toBeNull()
  })

  it('says so when the user dismissed the prompt', async () => {
    const { store, events } = captured()
    events.dispatchEvent(installPromptEvent('dismissed'))
    renderEntry(store)
    fireEvent.click(screen.getByRole('button', { name: t.install.action }))
    expect(await screen.findByText(t.install.dismissed)).toBeTruthy()
  })

  it('shows the Add-to-Home-Screen steps on iOS in a dialog that closes', () => {
    const { store } = captured({ userAgent: IPHONE_SAFARI })
    renderEntry(store)
    fireEvent.click(screen.getByRole('button', { name: t.install.action }))
    const dialog = screen.getByRole('dialog', { name: t.install.iosTitle })
    expect(dialog.textContent).toContain('分享')
    expect(dialog.textContent).toContain('添加到主屏幕')
    fireEvent.click(screen.getByRole('button', { name: t.install.close }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('closes the steps on Escape', () => {
    const { store } = captured({ userAgent: IPHONE_SAFARI })
    renderEntry(store)
    fireEvent.click(screen.getByRole('button', { name: t.install.action }))
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
