import * as v from 'valibot'
import {
  ContactSchema,
  FEEDBACK_TYPES,
  type Contact,
  type FaqEntry,
  type Feedback,
  type FeedbackRequestSchema,
  type FeedbackType,
} from '../../../core/contracts/support.ts'
import { PAGE_SIZE, type Page } from '../../../core/contracts/media.ts'
import { MessageType } from '../../../core/contracts/messages.ts'
import { BusinessCode, ResultCode } from '../../../core/protocol/codes.ts'
import type { Db } from '../../db/client.ts'
import { AppError, businessError } from '../../errors.ts'
import { decodeCursor, encodeCursor } from '../catalogue/cursor.ts'
import { writeMessage } from '../messages/write.ts'
import { loadConfigValue } from '../ping/repo.ts'
import { dayStart } from '../welfare/days.ts'
import { lockOwnImages } from '../images/repo.ts'
import * as repo from './repo.ts'

type FeedbackRequest = v.InferOutput<typeof FeedbackRequestSchema>

/** Feedback one user may send in a rolling day: enough to report anything, not a flood for operators. */
export const DAILY_FEEDBACK_LIMIT = 10
/** The app_config row operators keep the customer-service channels in (ping's table). */
export const CONTACT_CONFIG_KEY = 'contact'
/** Where a feedback reply's message leads. */
export const FEEDBACK_PATH = '/mine/feedback'
/** The longest reply an operator writes; the app shows it whole. */
export const FEEDBACK_REPLY_MAX = 1000
const FEEDBACK_ORDER = 'feedback-mine'

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

export interface SupportDeps {
  db: Db
  now: () => number
}

/** An operator's step that cannot be done (no such feedback, already replied); nothing was changed. */
export class SupportRefusal extends Error {
  override name = 'SupportRefusal'
}

const EMPTY_CONTACT: Contact = {
  channels: [],
  onlineUrl: '',
  groups: [],
  recruitment: { title: '', text: '', contact: '' },
}

/**
 * The stored `contact` document as the contract has it. Operators edit it by hand: an entry
 * outside the contract is left out (as ping/config does with ads), so one bad channel cannot
 * take the others away.
 */
export function toContact(stored: unknown): Contact {
  const doc = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>
  const valid = <T>(schema: v.GenericSchema<unknown, T>, items: unknown): T[] =>
    Array.isArray(items) ? items.filter((item): item is T => v.is(schema, item)) : []
  const { channels, groups, recruitment } = ContactSchema.entries
  return {
    channels: valid(channels.item, doc['channels']),
    onlineUrl: typeof doc['onlineUrl'] === 'string' ? doc['onlineUrl'] : EMPTY_CONTACT.onlineUrl,
    groups: valid(groups.item, doc['groups']),
    recruitment: v.is(recruitment, doc['recruitment']) ? doc['recruitment'] : EMPTY_CONTACT.recruitment,
  }
}

export function toFaqEntry(row: repo.FaqRow): FaqEntry {
  return { id: row.id, question: row.question, answer: row.answer, keywords: row.keywords, suggested: row.suggested }
}

export function createSupportService(deps: SupportDeps) {
  const { db } = deps

  /**
   * feedback/add. Images must be the caller's own uploads (7030 otherwise, as post/publish);
   * the cap and the insert run in one transaction holding the caller's row, so racing
   * submissions are counted one after the other, and a refusal stores nothing.
   */
  async function add(userId: number, request: FeedbackRequest): Promise<{ id: number }> {
    const imageKeys = request.imageIds
    if (new Set(imageKeys).size !== imageKeys.length) {
      throw new AppError(ResultCode.ValidationError, 'imageIds: must not repeat an image')
    }
    return db.transaction(async (tx) => {
      const nowMs = deps.now()
      if (!(await repo.lockUser(tx, userId))) throw businessError(BusinessCode.NotFound)
      if ((await repo.countFeedbackSince(tx, userId, dayStart(nowMs))) >= DAILY_FEEDBACK_LIMIT) {
        throw businessError(BusinessCode.FeedbackLimit)
      }
      const own = await lockOwnImages(tx, userId, imageKeys)
      if (imageKeys.some((key) => !own.has(key))) throw businessError(BusinessCode.ImageNotYours)
      const id = await repo.insertFeedback(tx, {
        userId,
        type: request.type,
        content: request.content,
        imageKeys,
        contact: request.contact,
        createdAt: new Date(nowMs),
      })
      return { id }
    })
  }

  /** feedback/list: the caller's feedback, newest first, in keyset pages of 10 (by id). */
  async function list(userId: number, cursor: string | undefined): Promise<Page<Feedback>> {
    const after = decodeCursor(FEEDBACK_ORDER, cursor)
    const rows = await repo.listOwnFeedback(db, userId, after?.id ?? null, PAGE_SIZE + 1)
    const shown = rows.slice(0, PAGE_SIZE)
    const sizes = await repo.imageSizes(
      db,
      shown.flatMap((row) => row.imageKeys),
    )
    const last = shown.at(-1)
    return {
      items: shown.map((row) => ({
        id: row.id,
        type: FEEDBACK_TYPES.includes(row.type as FeedbackType) ? (row.type as FeedbackType) : 'other',
        content: row.content,
        images: row.imageKeys.map((key) => ({ key, ...(sizes.get(key) ?? { width: 0, height: 0 }) })),
        contact: row.contact,
        createdAt: toSeconds(row.createdAt),
        reply: row.reply,
        repliedAt: row.repliedAt ? toSeconds(row.repliedAt) : null,
      })),
      nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor(FEEDBACK_ORDER, { key: last.id, id: last.id }) : null,
    }
  }

  async function faq(): Promise<{ entries: FaqEntry[] }> {
    return { entries: (await repo.listFaq(db)).map(toFaqEntry) }
  }

  async function contact(): Promise<Contact> {
    return toContact(await loadConfigValue(db, CONTACT_CONFIG_KEY))
  }

  return { add, list, faq, contact }
}

export type SupportService = ReturnType<typeof createSupportService>

/**
 * The operators' side (`feedback:*`, `faq:*`, server/admin/commands/): reading feedback,
 * replying once, and editing the FAQ. Refusals are SupportRefusal and change nothing.
 */
export function createSupportDesk(deps: SupportDeps) {
  const { db } = deps

  function listFeedback(options: { unreplied: boolean; limit: number }) {
    return repo.listFeedbackForOperator(db, options)
  }

  /**
   * Sets the reply once: a second reply is refused, so the user's message and the reply they
   * read agree. The reply and the user's `feedback` message commit together.
   */
  async function reply(feedbackId: number, text: string) {
    return db.transaction(async (tx) => {
      const at = new Date(deps.now())
      const replied = await repo.setReplyOnce(tx, feedbackId, text, at)
      if (!replied) {
        const existing = await repo.findFeedback(tx, feedbackId)
        throw new SupportRefusal(existing ? `feedback ${feedbackId} already has a reply` : `no feedback ${feedbackId}`)
      }
      await writeMessage(
        tx,
        {
          userId: replied.userId,
          type: MessageType.Feedback,
          title: '客服回复了你的反馈',
          body: text,
          link: FEEDBACK_PATH,
          ref: { type: 'feedback', id: feedbackId },
        },
        at,
      )
      return replied
    })
  }

  const faqList = () => repo.listFaq(db)

  function faqAdd(fields: { question: string; answer: string; keywords: string[]; suggested: boolean }) {
    return repo.insertFaq(db, fields)
  }

  async function faqEdit(id: number, patch: Partial<repo.FaqFields>) {
    const row = await repo.updateFaq(db, id, patch)
    if (!row) throw new SupportRefusal(`no FAQ entry ${id}`)
    return row
  }

  async function faqRemove(id: number) {
    if (!(await repo.deleteFaq(db, id))) throw new SupportRefusal(`no FAQ entry ${id}`)
  }

  return { listFeedback, reply, faqList, faqAdd, faqEdit, faqRemove }
}

export type SupportDesk = ReturnType<typeof createSupportDesk>
