import { atom } from 'jotai/vanilla'
import type { AppStore } from '../../lib/store.ts'

/**
 * Install to the home screen (README.md beside this file). Chromium browsers fire `beforeinstallprompt`
 * once the app is installable, often before React has mounted, so main.ts calls
 * captureInstallPrompt() at module load and the event waits here until the user taps the
 * entry in Mine. iOS has no such event: there the entry shows Add-to-Home-Screen steps.
 */

/** Chromium's event (not in the DOM typings). https://developer.mozilla.org/docs/Web/API/BeforeInstallPromptEvent */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>
}

export type InstallOutcome = 'accepted' | 'dismissed'

/** What the entry offers: the browser's own prompt, the iOS steps, or nothing (installed, running standalone, unsupported). */
export const InstallOption = {
  None: 'none',
  Prompt: 'prompt',
  IosSteps: 'ios-steps',
} as const
export type InstallOption = (typeof InstallOption)[keyof typeof InstallOption]

const deferredPromptAtom = atom<BeforeInstallPromptEvent | null>(null)
const installedAtom = atom(false)
const standaloneAtom = atom(false)
const iosAtom = atom(false)
const outcomeAtom = atom<InstallOutcome | null>(null)

export const installOptionAtom = atom<InstallOption>((get) => {
  if (get(standaloneAtom) || get(installedAtom)) return InstallOption.None
  if (get(deferredPromptAtom)) return InstallOption.Prompt
  if (get(iosAtom)) return InstallOption.IosSteps
  return InstallOption.None
})

/** How the last prompt ended, to tell the user; null before any. */
export const installOutcomeAtom = atom((get) => get(outcomeAtom))

/**
 * Shows the browser's install prompt. A prompt event works once, so it is dropped here;
 * Chromium fires a new one later if the user dismissed it.
 */
export const promptInstallAtom = atom(null, async (get, set): Promise<InstallOutcome | null> => {
  const event = get(deferredPromptAtom)
  if (!event) return null
  set(deferredPromptAtom, null)
  try {
    await event.prompt()
    const { outcome } = await event.userChoice
    set(outcomeAtom, outcome)
    if (outcome === 'accepted') set(installedAtom, true)
    return outcome
  } catch {
    // prompt() rejects when the event was already used or the page is not allowed to prompt.
    return null
  }
})

/** iPhone, iPod, iPad — including iPadOS, which reports itself as a Mac with a touch screen. */
export function isIosDevice(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

export interface InstallEnvironment {
  addEventListener(type: string, listener: (event: Event) => void): void
  matchMedia(query: string): Pick<MediaQueryList, 'matches' | 'addEventListener'>
  navigator: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> & { standalone?: boolean }
}

/** Starts listening; call once, as early as possible. */
export function captureInstallPrompt(store: AppStore, env: InstallEnvironment = window): void {
  const displayMode = env.matchMedia('(display-mode: standalone)')
  const updateStandalone = () => store.set(standaloneAtom, displayMode.matches || env.navigator.standalone === true)
  updateStandalone()
  displayMode.addEventListener('change', updateStandalone)
  store.set(iosAtom, isIosDevice(env.navigator.userAgent, env.navigator.maxTouchPoints))

  env.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's mini-infobar away; the entry in Mine prompts on the user's tap.
    event.preventDefault()
    store.set(deferredPromptAtom, event as BeforeInstallPromptEvent)
  })
  env.addEventListener('appinstalled', () => {
    store.set(installedAtom, true)
    store.set(deferredPromptAtom, null)
  })
}
