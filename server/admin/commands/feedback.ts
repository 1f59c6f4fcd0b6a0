import { formatDate } from '../../../core/format/date.ts'
import {
  createSupportDesk,
  FEEDBACK_REPLY_MAX,
  SupportRefusal,
  type SupportDesk,
} from '../../modules/support/service.ts'
import { CommandError, type AdminCommand, type AdminServices } from '../command.ts'
import { commandArgs, idArg, textArg } from '../args.ts'

/** Users' feedback (server/modules/support/README.md): read it, reply once. */

/** Rows feedback:list prints; the rest is counted. */
const LIST_LIMIT = 50
const EXCERPT_CHARACTERS = 120

const at = (date: Date) => formatDate(Math.floor(date.getTime() / 1000))

function excerpt(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ')
  const characters = Array.from(flat)
  return characters.length > EXCERPT_CHARACTERS ? `${characters.slice(0, EXCERPT_CHARACTERS).join('')}…` : flat
}

/** Runs a step of the support desk, turning its refusal into the operator's error. */
export function withDesk(run: (desk: SupportDesk) => Promise<string>) {
  return async (services: AdminServices) => {
    try {
      return await run(createSupportDesk({ db: services.db, now: services.now }))
    } catch (error) {
      if (error instanceof SupportRefusal) throw new CommandError(`${error.message}; nothing was changed`)
      throw error
    }
  }
}

export const feedbackList: AdminCommand = {
  usage: '[--unreplied]',
  summary: `list users' feedback, oldest first (the first ${LIST_LIMIT}); --unreplied: only what awaits a reply`,
  parse(args) {
    const { flags } = commandArgs(args, { flags: ['unreplied'], positionals: 0 })
    const unreplied = flags.has('unreplied')
    return withDesk(async (desk) => {
      const { rows, total } = await desk.listFeedback({ unreplied, limit: LIST_LIMIT })
      if (total === 0) return unreplied ? 'no feedback awaits a reply' : 'no feedback'
      const lines = rows.flatMap((row) => [
        `  #${row.id}  ${at(row.createdAt)}  user ${row.userId}  ${row.type}  ${row.imageKeys.length} images` +
          (row.contact ? `  contact ${row.contact}` : ''),
        `      ${excerpt(row.content)}`,
        ...(row.repliedAt ? [`      replied ${at(row.repliedAt)}: ${excerpt(row.reply)}`] : []),
      ])
      const more = total > rows.length ? [`  … and ${total - rows.length} more`] : []
      return [`${total} ${unreplied ? 'awaiting a reply' : 'feedback'}:`, ...lines, ...more].join('\n')
    })
  },
}

export const feedbackReply: AdminCommand = {
  usage: '<feedbackId> <text>',
  summary: 'reply to feedback (once); the user gets a feedback message (shown in the app: write it in Chinese)',
  parse(args) {
    const { positional } = commandArgs(args, { positionals: 2 })
    const feedbackId = idArg(positional[0], 'feedback')
    const text = textArg(positional[1], 'the reply text', FEEDBACK_REPLY_MAX)
    return withDesk(async (desk) => {
      const { userId } = await desk.reply(feedbackId, text)
      return `feedback ${feedbackId}: replied; user ${userId} has a message`
    })
  },
}
