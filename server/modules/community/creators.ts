import type * as v from 'valibot'
import type { Creator, CreatorCard, RankEntrySchema, RankRequestSchema } from '../../../core/contracts/community.ts'
import type { RankOrder, RankPeriod } from '../../../core/contracts/community-rules.ts'
import { PAGE_SIZE, type Page } from '../../../core/contracts/media.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { businessError } from '../../errors.ts'
import { decodeCursor, encodeCursor } from '../catalogue/cursor.ts'
import { normalizeKeyword } from '../search/service.ts'
import * as repo from './creators-repo.ts'
import type { CommunityDeps } from './deps.ts'

type RankRequest = v.InferOutput<typeof RankRequestSchema>
type RankEntry = v.InferOutput<typeof RankEntrySchema>

/** The ranking's length (/subpage/upRank shows one screenful of a top list, not pages). */
export const RANK_SIZE = 50

const DAY_MS = 24 * 3600_000
/** Rolling windows back from now, so a ranking never starts empty on a Monday or the 1st. */
export const PERIOD_MS: Record<Exclude<RankPeriod, 'all'>, number> = { week: 7 * DAY_MS, month: 30 * DAY_MS }

const TOP: Record<RankOrder, typeof repo.topByFollowers> = {
  followers: repo.topByFollowers,
  likes: repo.topByLikes,
  income: repo.topByIncome,
}

/** Cursor list names, so a cursor of one list is refused by the other. */
const FOLLOWED_LIST = 'followed'
const SEARCH_LIST = 'creators'

const toCard = (row: repo.CardRow): CreatorCard => ({
  id: row.id,
  nickname: row.nickname,
  avatar: row.avatar,
  intro: row.intro,
  followers: row.followers,
  posts: row.posts,
  followed: row.followed,
})

/** Creators: their page, follows, the ranking and the nickname search (README.md, Creators). */
export function createCreatorsService(deps: CommunityDeps) {
  const { db } = deps

  async function info(userId: number, creatorId: number): Promise<Creator> {
    const row = await repo.findCreator(db, userId, creatorId)
    if (!row) throw businessError(BusinessCode.NotFound)
    return { ...toCard(row), following: row.following, likes: row.likes, blocked: row.blocked, self: row.id === userId }
  }

  /** Idempotent both ways: following twice keeps one follow (and its date), unfollowing a stranger is a no-op. */
  async function follow(userId: number, creatorId: number, wanted: boolean) {
    if (creatorId === userId) throw businessError(BusinessCode.NotYourself)
    if (!(await repo.userExists(db, creatorId))) throw businessError(BusinessCode.NotFound)
    if (wanted) await repo.insertFollow(db, userId, creatorId, new Date(deps.now()))
    else await repo.deleteFollow(db, userId, creatorId)
    return { followed: wanted, followers: await repo.followerCount(db, creatorId) }
  }

  async function followed(userId: number, cursor: string | undefined): Promise<Page<CreatorCard>> {
    const after = decodeCursor(FOLLOWED_LIST, cursor)
    const rows = await repo.listFollowed(db, userId, after, PAGE_SIZE + 1)
    const shown = rows.slice(0, PAGE_SIZE)
    const last = shown.at(-1)
    return {
      items: shown.map(toCard),
      nextCursor:
        rows.length > PAGE_SIZE && last
          ? encodeCursor(FOLLOWED_LIST, { key: last.followedAt.getTime(), id: last.id })
          : null,
    }
  }

  async function rank(userId: number, request: RankRequest): Promise<{ items: RankEntry[] }> {
    const since = request.period === 'all' ? null : new Date(deps.now() - PERIOD_MS[request.period])
    const scores = await TOP[request.by](db, userId, since, RANK_SIZE)
    const cards = new Map(
      (
        await repo.creatorCards(
          db,
          userId,
          scores.map((score) => score.id),
        )
      ).map((row) => [row.id, row]),
    )
    return {
      items: scores.flatMap((score, i) => {
        const card = cards.get(score.id)
        return card ? [{ ...toCard(card), rank: i + 1, value: score.value }] : []
      }),
    }
  }

  async function search(userId: number, keyword: string, cursor: string | undefined): Promise<Page<CreatorCard>> {
    const after = decodeCursor(SEARCH_LIST, cursor)
    const rows = await repo.searchCreators(db, userId, normalizeKeyword(keyword), after?.id ?? null, PAGE_SIZE + 1)
    const shown = rows.slice(0, PAGE_SIZE)
    const last = shown.at(-1)
    return {
      items: shown.map(toCard),
      nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor(SEARCH_LIST, { key: last.id, id: last.id }) : null,
    }
  }

  return { info, follow, followed, rank, search }
}
export type CreatorsService = ReturnType<typeof createCreatorsService>
