import { UsageError, type AdminCommand } from '../command.ts'
import { withDesk } from './feedback.ts'
import { commandArgs, idArg, textArg } from '../args.ts'

/** The FAQ assistant's entries (aicustomerservice/list; server/modules/support/README.md). */

const QUESTION_MAX = 100
const ANSWER_MAX = 1000
const KEYWORD_MAX = 20
const KEYWORDS_MAX = 20

/** `--keywords a,b` (also the full-width comma): trimmed, empty ones dropped. */
function keywordsArg(text: string): string[] {
  const keywords = text
    .split(/[,，]/)
    .map((word) => word.trim())
    .filter((word) => word !== '')
  if (keywords.length > KEYWORDS_MAX) throw new UsageError(`--keywords: at most ${KEYWORDS_MAX}`)
  const long = keywords.find((word) => Array.from(word).length > KEYWORD_MAX)
  if (long) throw new UsageError(`--keywords: ${long} is longer than ${KEYWORD_MAX} characters`)
  return keywords
}

function booleanArg(text: string, name: string): boolean {
  if (text === 'true' || text === 'yes') return true
  if (text === 'false' || text === 'no') return false
  throw new UsageError(`--${name}: expected true or false`)
}

export const faqList: AdminCommand = {
  usage: '',
  summary: "list the FAQ assistant's entries in the order the app shows them",
  parse(args) {
    commandArgs(args, { positionals: 0 })
    return withDesk(async (desk) => {
      const rows = await desk.faqList()
      if (rows.length === 0) return 'no FAQ entries'
      return rows
        .map(
          (row) =>
            `#${row.id}  sort ${row.sort}${row.suggested ? '  suggested' : ''}  ${row.question}\n` +
            `    keywords: ${row.keywords.join(', ') || '(none)'}\n    ${row.answer.replace(/\n/g, ' ⏎ ')}`,
        )
        .join('\n')
    })
  },
}

export const faqAdd: AdminCommand = {
  usage: '--question <text> --answer <text> [--keywords a,b] [--suggested]',
  summary: 'add an FAQ entry after the others (shown in the app: write it in Chinese)',
  parse(args) {
    const { options, flags } = commandArgs(args, {
      options: ['question', 'answer', 'keywords'],
      flags: ['suggested'],
      positionals: 0,
    })
    const fields = {
      question: textArg(options.get('question'), '--question', QUESTION_MAX),
      answer: textArg(options.get('answer'), '--answer', ANSWER_MAX),
      keywords: keywordsArg(options.get('keywords') ?? ''),
      suggested: flags.has('suggested'),
    }
    return withDesk(async (desk) => `FAQ entry ${(await desk.faqAdd(fields)).id}: added`)
  },
}

export const faqEdit: AdminCommand = {
  usage: '<id> [--question <text>] [--answer <text>] [--keywords a,b] [--suggested true|false] [--sort n]',
  summary: 'change an FAQ entry: only the options given',
  parse(args) {
    const { positional, options } = commandArgs(args, {
      options: ['question', 'answer', 'keywords', 'suggested', 'sort'],
      positionals: 1,
    })
    const id = idArg(positional[0], 'FAQ entry')
    const patch: { question?: string; answer?: string; keywords?: string[]; suggested?: boolean; sort?: number } = {}
    const question = options.get('question')
    const answer = options.get('answer')
    const keywords = options.get('keywords')
    const suggested = options.get('suggested')
    const sort = options.get('sort')
    if (question !== undefined) patch.question = textArg(question, '--question', QUESTION_MAX)
    if (answer !== undefined) patch.answer = textArg(answer, '--answer', ANSWER_MAX)
    if (keywords !== undefined) patch.keywords = keywordsArg(keywords)
    if (suggested !== undefined) patch.suggested = booleanArg(suggested, 'suggested')
    if (sort !== undefined) {
      if (!/^-?\d{1,6}$/.test(sort)) throw new UsageError('--sort: expected a whole number')
      patch.sort = Number(sort)
    }
    if (Object.keys(patch).length === 0) throw new UsageError('nothing to change: give at least one option')
    return withDesk(async (desk) => {
      await desk.faqEdit(id, patch)
      return `FAQ entry ${id}: changed ${Object.keys(patch).join(', ')}`
    })
  },
}

export const faqRemove: AdminCommand = {
  usage: '<id>',
  summary: 'remove an FAQ entry',
  parse(args) {
    const { positional } = commandArgs(args, { positionals: 1 })
    const id = idArg(positional[0], 'FAQ entry')
    return withDesk(async (desk) => {
      await desk.faqRemove(id)
      return `FAQ entry ${id}: removed`
    })
  },
}
