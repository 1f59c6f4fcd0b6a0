import { mediaImportCommand } from './commands/media-import.ts'
import { smsOutbox } from './commands/sms-outbox.ts'
import { walletCredit } from './commands/wallet-credit.ts'
import type { AdminCommand } from './command.ts'

/** Every `npm run admin -- <name>` command; a new one is one more entry (its file in commands/). */
export const COMMANDS: Record<string, AdminCommand> = {
  'wallet:credit': walletCredit,
  'media:import': mediaImportCommand,
  'sms:outbox': smsOutbox,
}
