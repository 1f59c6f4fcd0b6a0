import { adTarget, type AdTargetFields } from '../../../core/links/ad-target.ts'
import { resolveLink, type LinkContext, type ResolvedLink } from '../../../core/links/resolve-link.ts'

/** The part of an ad a click reads: its id (for advertise/click) and its target fields (core/links/ad-target.ts). */
export type ClickableAd = AdTargetFields & { id?: number | null }

export interface AdClickDeps {
  /** advertise/click `{id}`; fire and forget, a failure must not stop the ad opening. */
  recordClick(id: number): Promise<unknown>
  /** In-app navigation to an app path. */
  navigate(path: string): void
  /** A new window without opener (window.open(url, '_blank', 'noopener')). */
  openWindow(url: string): void
  /** The native shell's bridge (app-store build); returns false where there is none. */
  openNative(url: string): boolean
  isAppStore: boolean
  link: LinkContext
}

/**
 * What tapping an ad does: an ad with an id records the click, then its target (the
 * first of href, url, link, jumpLink, jumpUrl, download_url) opens by the link rules — an app
 * path or scheme link navigates in the app; any other web link opens outside, with the session
 * token only on the operator's own hosts; with the app-store flag stored it goes to the native
 * bridge instead of a new window. Returns what it resolved to.
 */
export function openAd(ad: ClickableAd, deps: AdClickDeps): ResolvedLink {
  if (typeof ad.id === 'number' && Number.isInteger(ad.id) && ad.id > 0) {
    deps.recordClick(ad.id).catch(() => {
      // Counting a click is best effort; the user still gets where the ad goes.
    })
  }
  const target = resolveLink(adTarget(ad), deps.link)
  if (target.kind === 'internal') deps.navigate(target.path)
  if (target.kind === 'external' && !(deps.isAppStore && deps.openNative(target.url))) deps.openWindow(target.url)
  return target
}

/**
 * The href an ad's link element shows (so long-press and middle-click have somewhere to go), or
 * undefined. Never with the session token: only a tap, through openAd, adds it.
 */
export function adHref(ad: ClickableAd, link: LinkContext): string | undefined {
  const target = resolveLink(adTarget(ad), { ...link, token: '' })
  return target.kind === 'internal' ? target.path : target.kind === 'external' ? target.url : undefined
}

interface WebkitBridge {
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): void } | undefined> }
}

/**
 * Our choice of native bridge handler (the mechanism is the iOS shell's message handlers): the shell's
 * `window.webkit.messageHandlers.openUrl`, posted `{ url }`.
 */
export function openInNativeShell(url: string, win: WebkitBridge = window as WebkitBridge): boolean {
  const handler = win.webkit?.messageHandlers?.openUrl
  if (!handler) return false
  handler.postMessage({ url })
  return true
}
