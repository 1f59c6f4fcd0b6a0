import { formatDate } from '../../../core/format/date.ts'
import { formatMoney } from '../../../core/format/money.ts'
import {
  BANNED_INDEFINITELY,
  createModerationService,
  ModerationRefusal,
  type ModerationService,
} from '../../modules/community/moderation.ts'
import { commandArgs, idArg } from '../args.ts'
import { CommandError, UsageError, type AdminCommand, type AdminServices } from '../command.ts'

/**
 * The community's moderation (server/modules/community/README.md, "Moderation"): the review
 * queue, reports, removing content and banning users. Each runs the moderation service; its
 * refusals (no such post, not pending) are the operator's to act on and change nothing.
 */

const EXCERPT_CHARACTERS = 80
/** The longest ban given in days (a century); longer is `user:ban <id>` without --days. */
const MAX_BAN_DAYS = 36_500

const at = (ms: number) => formatDate(Math.floor(ms / 1000))

/** One line of a post's or comment's text, cut for a terminal. */
function excerpt(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ')
  const characters = Array.from(flat)
  return characters.length > EXCERPT_CHARACTERS ? `${characters.slice(0, EXCERPT_CHARACTERS).join('')}…` : flat
}

/** Runs a moderation step, turning its refusal into the operator's error. */
function moderated(run: (moderation: ModerationService) => Promise<string>) {
  return async (services: AdminServices) => {
    try {
      return await run(createModerationService({ db: services.db, now: services.now }))
    } catch (error) {
      if (error instanceof ModerationRefusal) throw new CommandError(`${error.message}; nothing was changed`)
      throw error
    }
  }
}

export const moderationQueue: AdminCommand = {
  usage: '',
  summary: 'list the posts waiting for review (MODERATION=pre), oldest first',
  parse(args) {
    commandArgs(args, { positionals: 0 })
    return moderated(async (moderation) => {
      const { posts, total } = await moderation.queue()
      if (total === 0) return 'no posts waiting for review'
      const lines = posts.flatMap((post) => {
        const media = [
          `${post.imageCount} images`,
          ...(post.videoState ? [`video ${post.videoState}`] : []),
          ...(post.price > 0 ? [`price ${post.price} (${formatMoney(post.price)})`] : []),
        ].join(', ')
        return [
          `  #${post.id}  ${at(post.createdAt.getTime())}  user ${post.authorId} (${post.nickname || `游客${post.authorId}`})  category ${post.categoryId}  ${media}`,
          `      ${excerpt(post.content)}`,
        ]
      })
      const more = total > posts.length ? [`  … and ${total - posts.length} more`] : []
      return [`${total} posts waiting for review:`, ...lines, ...more].join('\n')
    })
  },
}

export const moderationApprove: AdminCommand = {
  usage: '<postId>',
  summary: 'publish a pending post: everyone sees it from now',
  parse(args) {
    const [postText] = commandArgs(args, { positionals: 1 }).positional
    const postId = idArg(postText, 'post')
    return moderated(async (moderation) => {
      await moderation.approve(postId)
      return `post ${postId}: published`
    })
  },
}

export const moderationReject: AdminCommand = {
  usage: '<postId> --reason <text>',
  summary: 'reject a pending post; its author alone sees it, with the reason (shown in the app: write it in Chinese)',
  parse(args) {
    const { positional, options } = commandArgs(args, { options: ['reason'], positionals: 1 })
    const postId = idArg(positional[0], 'post')
    const reason = options.get('reason')?.trim() ?? ''
    if (reason === '') throw new UsageError('--reason is required (the author sees it)')
    return moderated(async (moderation) => {
      await moderation.reject(postId, reason)
      return `post ${postId}: rejected (${reason})`
    })
  },
}

export const reportsList: AdminCommand = {
  usage: '',
  summary: 'list the open reports, oldest first, with what was reported',
  parse(args) {
    commandArgs(args, { positionals: 0 })
    return moderated(async (moderation) => {
      const { reports, total } = await moderation.reports()
      if (total === 0) return 'no open reports'
      const lines = reports.flatMap((report) => {
        const owner =
          report.ownerId === null
            ? 'gone'
            : `user ${report.ownerId} (${report.ownerNickname || `游客${report.ownerId}`})`
        const target =
          report.targetType === 'user' ? owner : `${owner}, ${report.state || 'gone'}: ${excerpt(report.content)}`
        return [
          `  #${report.id}  ${at(report.createdMs)}  ${report.targetType} ${report.targetId}  by user ${report.reporterId}  (${report.openCount} open on it)`,
          `      reason: ${excerpt(report.reason)}`,
          `      ${target}`,
        ]
      })
      const more = total > reports.length ? [`  … and ${total - reports.length} more`] : []
      return [`${total} open reports:`, ...lines, ...more].join('\n')
    })
  },
}

export const contentRemove: AdminCommand = {
  usage: '<post|comment> <id>',
  summary: 'remove a post or a comment from every list and page, and resolve its open reports',
  parse(args) {
    const [type, idText] = commandArgs(args, { positionals: 2 }).positional
    if (type !== 'post' && type !== 'comment') throw new UsageError(`${type ?? 'nothing'}: expected post or comment`)
    const id = idArg(idText, type)
    return moderated(async (moderation) => {
      const { removed, resolved } = await moderation.remove(type, id)
      return `${type} ${id}: ${removed ? 'removed' : 'was removed already'}; ${resolved} open reports resolved`
    })
  },
}

function describeBan(userId: number, until: Date | null) {
  if (until === null) return `user ${userId}: ban lifted`
  if (until.getTime() === BANNED_INDEFINITELY.getTime()) return `user ${userId}: banned indefinitely`
  return `user ${userId}: banned until ${at(until.getTime())}`
}

export const userBan: AdminCommand = {
  usage: '<userId> [--days <n>]',
  summary:
    'ban a user from publishing, commenting and uploading (reading and the session stay): n days, indefinitely without --days, lifted with --days 0',
  parse(args) {
    const { positional, options } = commandArgs(args, { options: ['days'], positionals: 1 })
    const userId = idArg(positional[0], 'user')
    const daysText = options.get('days')
    let days: number | null = null
    if (daysText !== undefined) {
      if (!/^\d+$/.test(daysText) || Number(daysText) > MAX_BAN_DAYS) {
        throw new UsageError(`--days ${daysText}: expected a whole number of days from 0 to ${MAX_BAN_DAYS}`)
      }
      days = Number(daysText)
    }
    return moderated(async (moderation) => {
      const { until, resolved } = await moderation.ban(userId, days)
      const line = describeBan(userId, until)
      return until === null ? line : `${line}; ${resolved} open reports resolved`
    })
  },
}
