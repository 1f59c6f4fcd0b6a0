import type { AppStore } from '../../lib/store.ts'
import { loginSuggestedNowAtom, takeLoginSuggestionAtom } from './atoms.ts'

export const LOGIN_PATH = '/mine/login'

export interface LoginNavigation {
  /** The current path and query. */
  location(): string
  openLogin(path: typeof LOGIN_PATH): void
}

/**
 * Auto-login: once login/before says an account last used this device, /mine/login
 * opens, once. Its answer may come after the first page shows; a user who has already moved on
 * from the page they landed on is not taken away from where they went.
 */
export function openLoginWhenSuggested(store: AppStore, navigation: LoginNavigation): () => void {
  const landing = navigation.location()
  let stop = () => {}
  const follow = () => {
    if (!store.get(loginSuggestedNowAtom) || !store.set(takeLoginSuggestionAtom)) return
    stop()
    const here = navigation.location()
    if (here !== landing || here.startsWith(LOGIN_PATH)) return
    navigation.openLogin(LOGIN_PATH)
  }
  stop = store.sub(loginSuggestedNowAtom, follow)
  follow()
  return () => stop()
}
