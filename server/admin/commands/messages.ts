import { eq } from 'drizzle-orm'
import { MAX_ID } from '../../../core/contracts/fields.ts'
import { MessageType } from '../../../core/contracts/messages.ts'
import { users } from '../../db/schema/accounts.ts'
import { writeMessage } from '../../modules/messages/write.ts'
import { commandArgs } from '../args.ts'
import { CommandError, UsageError, type AdminCommand } from '../command.ts'

const POSITIVE_INT = /^[1-9]\d*$/
const MAX_TITLE = 60
const MAX_BODY = 2000
/** An app path (`/mine/vip`) or a web address, as the app opens links (SPEC §4). */
const LINK = /^(\/[^\s]*|https?:\/\/[^\s]+)$/

function parse(args: readonly string[]) {
  const { options } = commandArgs(args, { options: ['title', 'body', 'link', 'user'], positionals: 0 })
  const title = options.get('title')?.trim() ?? ''
  const body = options.get('body')?.trim() ?? ''
  const link = options.get('link')?.trim() ?? ''
  const userText = options.get('user')
  if (!title || Array.from(title).length > MAX_TITLE)
    throw new UsageError(`--title is required, 1 to ${MAX_TITLE} characters`)
  if (!body || Array.from(body).length > MAX_BODY)
    throw new UsageError(`--body is required, 1 to ${MAX_BODY} characters`)
  if (link && !LINK.test(link))
    throw new UsageError(`--link ${link}: expected an app path (/mine/vip) or an http(s) address`)
  let userId: number | null = null
  if (userText !== undefined) {
    if (!POSITIVE_INT.test(userText) || Number(userText) > MAX_ID)
      throw new UsageError(`--user ${userText}: not a user id`)
    userId = Number(userText)
  }
  return { title, body, link, userId }
}

/**
 * `message:broadcast --title T --body B [--link L] [--user id]`: a system notice, to one user or
 * to everyone (one row without a user, seen by every user who existed when it was sent).
 */
export const messageBroadcast: AdminCommand = {
  usage: '--title <text> --body <text> [--link <path|url>] [--user <id>]',
  summary: 'send a system notice to every user (or one user) in the message centre',
  parse(args) {
    const { title, body, link, userId } = parse(args)
    return async ({ db, now }) => {
      if (userId !== null) {
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
        if (!user) throw new CommandError(`no user with id ${userId}; nothing was sent`)
      }
      await db.transaction((tx) =>
        writeMessage(tx, { userId, type: MessageType.System, title, body, link }, new Date(now())),
      )
      return userId === null ? 'notice sent to every user' : `notice sent to user ${userId}`
    }
  },
}
