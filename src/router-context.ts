import type { Api } from './lib/http.ts'
import type { AppStore } from './lib/store.ts'

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  store: AppStore
  api: Api
  /** Restores or creates the session once; rejects with the reason it could not. */
  ready(): Promise<void>
}
