import { atom, createStore } from 'jotai/vanilla'
import type { Api } from './http.ts'

export type AppStore = ReturnType<typeof createStore>

const apiHolderAtom = atom<{ api: Api } | null>(null)

/** The HTTP client, for action atoms (`get(apiAtom).post(...)`). */
export const apiAtom = atom((get) => {
  const holder = get(apiHolderAtom)
  if (!holder) throw new Error('the api is not provided to this store')
  return holder.api
})

/** The one store of the app, handed to both the jotai Provider and the router context. */
export function createAppStore(): AppStore {
  return createStore()
}

export function provideApi(store: AppStore, api: Api): void {
  store.set(apiHolderAtom, { api })
}
