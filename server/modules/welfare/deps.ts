import type { Db } from '../../db/client.ts'
import type { CounterStore } from '../../plugins/failure-limit.ts'
import type { WalletService } from '../wallet/service.ts'

/** What the welfare services are built from (server/app.ts wires them; the seed and admin build their own). */
export interface WelfareDeps {
  db: Db
  /** Milliseconds, like Date.now. */
  now: () => number
  /** Diamond rewards go through the wallet, so its ledger and audit see them. */
  wallet: Pick<WalletService, 'creditIn'>
  /** Where failure counters live: null or absent, this process; REDIS_URL's Redis when processes share them. */
  counters?: CounterStore
}
