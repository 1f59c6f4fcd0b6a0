/**
 * The entry. It starts the session (ping/config and the guest login), home's data and its first
 * covers at once, and loads the React half (app.tsx: React, the router, the pages) alongside:
 * nothing here imports React, so on a first visit over a slow link the calls go out while the
 * largest script is still downloading instead of after it.
 */
import { appConfigAtom, isLightAtom, sealRequestsAtom, tokenAtom } from './features/session/atoms.ts'
import { clearSessionAndReload, initSession } from './features/session/init.ts'
import { provideStorage } from './features/session/sign-in.ts'
import { openLoginWhenSuggested } from './features/session/login-suggestion.ts'
import { loadFirstCovers, loadFirstSlide } from './features/home/first-screen-images.ts'
import { FIRST_SCREEN_TEXT_STYLES } from './features/home/first-screen-text.ts'
import { HOME_FIRST_READS, homeSectionsRead } from './features/home/first-reads.ts'
import { captureInstallPrompt } from './features/pwa/install.ts'
import { protocolCrypto, randomUuid } from './lib/crypto.ts'
import { API_SECRET } from './lib/env.ts'
import { warmFonts } from './lib/font-warmup.ts'
import { createApi } from './lib/http.ts'
import { rememberedApiLines } from './lib/api-lines.ts'
import { apiLines } from '../core/contracts/domain.ts'
import { customGetEndpoint } from '../core/contracts/calls.ts'
import { recordLanding } from './lib/landing.ts'
import { onceRetryable } from './lib/once.ts'
import { primingCalls } from './lib/primed-calls.ts'
import { reportingOnlineStatus, trackOnlineStatus } from './lib/online-status.ts'
import { createSecureStorage, createStateBackend } from './lib/persist.ts'
import { createAppStore, provideApi } from './lib/store.ts'
import { isChunkLoadError, reloadOnceForChunkError } from './lib/chunk-reload.ts'
import { t } from './lib/messages.ts'
import { hasControllingWorker, syncImageOrigins } from './lib/sw-bridge.ts'
import { formatXUserAgent } from '../core/protocol/sign.ts'
import { userAgentFields } from './lib/user-agent.ts'
import { trackViewportHeight } from './lib/viewport.ts'
import './styles.css'

const app = import('./app.tsx')

const store = createAppStore()
// Before anything slow: Chromium may fire beforeinstallprompt as soon as the page loads.
captureInstallPrompt(store)
trackOnlineStatus(store)
// Now, while the page is only the splash: reading innerHeight after the first render would
// force a layout of the whole page in the middle of React's work.
trackViewportHeight()
const storage = createSecureStorage({ crypto: protocolCrypto, secret: API_SECRET, backend: createStateBackend() })

// The config names the API lines; calls follow the one that works (core/lines/api-lines.ts). After
// a move, the working line is asked for the lines as they are now (custom/getEndpoint): the
// config read at the start may be older than an operator's change.
const lines = rememberedApiLines(
  () => localStorage,
  location.origin,
  () =>
    void api.call(customGetEndpoint).then(
      (answer) => lines.setLines(answer.lines),
      // Unanswered: the lines known stay, and the next move asks again.
      () => {},
    ),
)
store.sub(appConfigAtom, () => {
  const config = store.get(appConfigAtom)
  if (config) lines.setLines(apiLines(config))
})

const api = primingCalls(
  reportingOnlineStatus(
    createApi({
      secret: API_SECRET,
      crypto: protocolCrypto,
      now: () => Date.now(),
      lines,
      getToken: () => store.get(tokenAtom),
      getXUserAgent: () =>
        formatXUserAgent(userAgentFields(navigator.userAgent, store.get(isLightAtom), navigator.maxTouchPoints)),
      shouldSealRequests: () => store.get(sealRequestsAtom),
      onSessionInvalid: () => {
        void clearSessionAndReload({
          store,
          storage,
          reload: () => location.reload(),
          now: () => Date.now(),
          marks: sessionStorage,
        })
      },
    }),
    store,
  ),
)
provideApi(store, api)
provideStorage(store, storage)

recordLanding(location.pathname + location.search)

const startSession = () =>
  initSession({
    store,
    api,
    storage,
    search: location.search,
    newDeviceId: randomUuid,
    notify: (message) => void app.then(({ showToast }) => showToast(store, message)).catch(() => {}),
  })
/** Home's first screen's large images, loaded ahead of the cards that show them (features/home/first-screen-images.ts). */
const firstScreen = {
  config: () => store.get(appConfigAtom),
  load: (url: string) => {
    // Under a worker the <img> asks the worker itself; without one, the fallback's copy is shared.
    if (hasControllingWorker()) return
    import('./lib/image-fallback.ts')
      .then(({ pageImageFallback }) => pageImageFallback().load(url))
      .catch(() => {
        // The card's own attempt reports it.
      })
  },
}
// The session starts now, not when the router first asks (after React's first render): its
// calls are the first links of home's chain. The route guard gets this attempt; a retry after
// a failure starts a new one.
const sessionStarted = startSession()
// Landing on home: its data goes out the moment the session is ready, while React may still be
// on its way; the lists take these answers when they mount. The first screen's large images start
// loading meanwhile: the carousel's first slide at once (it is in the config), the first covers
// when home's answer is in.
const landingOnHome = location.pathname === '/'
// Its fonts are built meanwhile, a few milliseconds per task, not all in its first layout.
if (landingOnHome) void warmFonts(FIRST_SCREEN_TEXT_STYLES)
sessionStarted.then(
  () => {
    if (!landingOnHome) return
    loadFirstSlide(firstScreen)
    for (const read of HOME_FIRST_READS) {
      api.prime(read).catch(() => {
        // The screen asks again and shows the failure.
      })
    }
    api.prime(homeSectionsRead).then(
      (answer) => loadFirstCovers(answer, firstScreen),
      () => {
        // The list shows the failure; there is nothing to load.
      },
    )
  },
  () => {
    // Reported by the route guard, which awaits this attempt.
  },
)
// The router goes on one task later: home's calls above then leave in a task of their own, not
// at the start of React's first render of home (a long task on a slow phone).
let firstAttempt: Promise<void> | null = sessionStarted.then(() => new Promise<void>((resolve) => setTimeout(resolve)))
const ready = onceRetryable(() => {
  const attempt = firstAttempt ?? startSession()
  firstAttempt = null
  return attempt
})

syncImageOrigins({
  container: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  getConfig: () => store.get(appConfigAtom),
  subscribe: (listener) => store.sub(appConfigAtom, listener),
})

// Without a controlling worker, every image goes through the fallback: have it ready too.
if (!hasControllingWorker()) {
  import('./lib/image-fallback.ts')
    .then(({ pageImageFallback }) => pageImageFallback().warm())
    .catch(() => {
      // A failed chunk load shows on the first image.
    })
}

app.then(
  // Evaluating the React half and starting it (the router builds its route tree) are two tasks:
  // together they made one long task on a slow phone.
  ({ startApp }) =>
    void setTimeout(() =>
      startApp({
        store,
        api,
        ready,
        followLoginSuggestion: (navigation) => void openLoginWhenSuggested(store, navigation),
      }),
    ),
  (error: unknown) => {
    // A deploy replaced the file (reload once for the new index.html), or the link dropped.
    if (isChunkLoadError(error) && reloadOnceForChunkError()) return
    const splashText = document.querySelector('#splash span')
    if (splashText) splashText.textContent = t.http.network
  },
)
