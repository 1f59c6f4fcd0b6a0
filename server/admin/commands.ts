import {
  cardAdd,
  cardDisable,
  cardEnable,
  cardList,
  packageAdd,
  packageDisable,
  packageEnable,
  packageList,
} from './commands/catalogue.ts'
import { faqAdd, faqEdit, faqList, faqRemove } from './commands/faq.ts'
import { feedbackList, feedbackReply } from './commands/feedback.ts'
import { codesCreate } from './commands/codes.ts'
import { mediaImportCommand } from './commands/media-import.ts'
import { messageBroadcast } from './commands/messages.ts'
import {
  contentRemove,
  moderationApprove,
  moderationQueue,
  moderationReject,
  reportsList,
  userBan,
} from './commands/moderation.ts'
import { orderShow } from './commands/orders-show.ts'
import { userRevoke, userSessions, userShow } from './commands/users.ts'
import { smsOutbox } from './commands/sms-outbox.ts'
import { orderRefund, orderSync } from './commands/orders.ts'
import { walletAudit } from './commands/wallet-audit.ts'
import { walletCredit } from './commands/wallet-credit.ts'
import { dbBackup, dbRestore } from './commands/database-files.ts'
import type { AdminCommand, OfflineCommand } from './command.ts'

/** Every `npm run admin -- <name>` command; a new one is one more entry (its file in commands/). */
export const COMMANDS: Record<string, AdminCommand> = {
  'wallet:credit': walletCredit,
  'wallet:audit': walletAudit,
  'media:import': mediaImportCommand,
  'user:show': userShow,
  'user:sessions': userSessions,
  'user:revoke': userRevoke,
  'sms:outbox': smsOutbox,
  'package:list': packageList,
  'package:add': packageAdd,
  'package:disable': packageDisable,
  'package:enable': packageEnable,
  'card:list': cardList,
  'card:add': cardAdd,
  'card:disable': cardDisable,
  'card:enable': cardEnable,
  'order:show': orderShow,
  'order:sync': orderSync,
  'order:refund': orderRefund,
  'moderation:queue': moderationQueue,
  'moderation:approve': moderationApprove,
  'moderation:reject': moderationReject,
  'reports:list': reportsList,
  'content:remove': contentRemove,
  'user:ban': userBan,
  'feedback:list': feedbackList,
  'feedback:reply': feedbackReply,
  'faq:list': faqList,
  'faq:add': faqAdd,
  'faq:edit': faqEdit,
  'faq:remove': faqRemove,
  'codes:create': codesCreate,
  'message:broadcast': messageBroadcast,
}

/** The commands that need the server stopped, run by the CLI alone (OfflineCommand). */
export const OFFLINE_COMMANDS: Record<string, OfflineCommand> = {
  'db:backup': dbBackup,
  'db:restore': dbRestore,
}
