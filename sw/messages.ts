import { isPageToWorkerMessage, type WorkerToPageMessage } from '../core/sw-messages.ts'

export interface MessageDeps {
  version: string
  skipWaiting(): Promise<void>
  reply(message: WorkerToPageMessage): void
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
  }
}
