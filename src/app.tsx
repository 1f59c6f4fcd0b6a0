import { RouterProvider } from '@tanstack/react-router'
import { Provider } from 'jotai'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import type { LoginNavigation } from './features/session/login-suggestion.ts'
import { offerUpdateAtom } from './features/shell/update.tsx'
import type { Api } from './lib/http.ts'
import type { AppStore } from './lib/store.ts'
import { registerServiceWorkerLater } from './lib/sw-bridge.ts'
import { createAppRouter } from './router.ts'
import { showToastAtom } from './ui/toast.tsx'
import { watchUnread } from './features/messages/unread-refresh.ts'

export interface AppStart {
  store: AppStore
  api: Api
  /** Settles when the session may be used (the router's root waits for it). */
  ready(): Promise<void>
  /**
   * The auto-login (features/session/login-suggestion.ts), from the entry: imported here, the
   * session's atoms became shared with this file and the bundler split them and jotai's store
   * out of the entry into small files of their own, more requests on the first visit.
   */
  followLoginSuggestion(navigation: LoginNavigation): void
}

/** The React half of the app (main.ts loads it while the session starts): router, render, updates. */
export function startApp({ store, api, ready, followLoginSuggestion }: AppStart): void {
  const router = createAppRouter({ store, api, ready })
  // The root's beforeLoad waits for the session, and the router asks for a page's code only
  // after it: fetch the entry page's code alongside the session instead of after it.
  for (const route of router.getMatchedRoutes(location.pathname)[0]) void router.loadRouteChunk(route)

  // The first page renders once the router has it (session, code and all), as a transition:
  // React then renders the shell and the page in slices of a few milliseconds. Rendered at once,
  // the router's store update made the whole first render and commit one long synchronous task
  // (bench/README.md). Until then the splash shows.
  const root = createRoot(document.getElementById('root')!)
  const render = () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <Provider store={store}>
            <RouterProvider router={router} />
          </Provider>
        </StrictMode>,
      ),
    )
  // A failed load still renders: its error screen. The auto-login's page opens over the first one,
  // never before it: its question (login/before) must not hold the first screen back.
  const followSuggestion = () =>
    followLoginSuggestion({
      location: () => router.state.location.href,
      openLogin: (to) => void router.navigate({ to }),
    })
  router.load().then(render, render).then(followSuggestion, followSuggestion)
  // The unread badge follows the session once there is one; without one there is nothing to count.
  ready().then(
    () => void watchUnread(store),
    () => {},
  )

  registerServiceWorkerLater((apply) => store.set(offerUpdateAtom, apply))
}

export function showToast(store: AppStore, message: string): void {
  store.set(showToastAtom, message)
}
