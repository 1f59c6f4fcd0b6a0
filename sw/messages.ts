import { isPageToWorkerMessage, type WorkerToPageMessage } from '../core/sw-messages.ts'
import type { PrefetchSummary } from './images/handler.ts'

export interface MessageDeps {
  version: string
  skipWaiting(): Promise<void>
  reply(message: WorkerToPageMessage): void
  setImageOrigins(origins: readonly string[]): Promise<unknown>
  prefetchImages(urls: readonly string[]): Promise<PrefetchSummary>
}

/** One handler per page→worker message (core/sw-messages.ts); anything else is ignored. */
export async function handleMessage(data: unknown, deps: MessageDeps): Promise<void> {
  if (!isPageToWorkerMessage(data)) return
  switch (data.type) {
    case 'SKIP_WAITING':
      await deps.skipWaiting()
      return
    case 'GET_VERSION':
      deps.reply({ type: 'VERSION', version: deps.version })
      return
    case 'IMAGE_ORIGINS':
      await deps.setImageOrigins(data.origins)
      return
    case 'PREFETCH_IMAGES': {
      const summary = await deps.prefetchImages(data.urls)
      deps.reply({ type: 'PREFETCH_DONE', ...summary })
      return
    }
  }
}
