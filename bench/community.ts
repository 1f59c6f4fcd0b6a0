/**
 * The community benchmark: on a real PostgreSQL, the throughput of post/list (signed, sealed, with
 * a session: the first page of the newest posts, with their authors, images and the caller's
 * likes and purchases) relative to the signed baseline of the other sections (GET ping/config)
 * on the same server; target ≥ 0.6.
 */
import pg from 'pg'
import { seal } from '../core/protocol/envelope.ts'
import type { AppConfig } from '../core/contracts/config.ts'
import type { PostCard } from '../core/contracts/community.ts'
import type { Page } from '../core/contracts/media.ts'
import type { LoginResult } from '../core/contracts/session.ts'
import { freePort } from '../tests/support/server-process.ts'
import {
  CONNECTIONS,
  crypto,
  DURATION_SECONDS,
  forkBenchServer,
  load,
  median,
  presignedCalls,
  ROUNDS,
  secret,
  stopBenchServer,
  type LoadFigure,
} from './load.ts'
import { startPostgres } from './postgres.ts'
import { call } from './watch.ts'

const TARGET = 0.6
/** Posts, their authors and likes written before the measure: enough that a page is an index range, not the table. */
const POSTS = 2000
const AUTHORS = 50

interface CommunityRound {
  baseline: LoadFigure
  list: LoadFigure
}

/**
 * Published posts by AUTHORS users, three images each (the demo's own keys, so their sizes join),
 * one in five priced (a locked card), with a few likes; one set-based statement per table.
 */
async function insertPosts(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // The demo seed has posts of its own (with images and likes): only the bench's rows get more.
    const { rows } = await client.query<{ last: number }>('select coalesce(max(id), 0)::int4 as last from posts')
    const firstNew = rows[0]!.last + 1
    await client.query(`
      insert into users (nickname, is_guest, created_at)
      select '作者' || n, false, now() from generate_series(1, ${AUTHORS}) n`)
    await client.query(`
      insert into posts (author_id, category_id, content, price, state, like_count, hot_score, created_at, published_at)
      select (select min(id) from users where nickname like '作者%') + n % ${AUTHORS}, 1 + n % 5,
        repeat('第' || n || '条帖子的正文。', 8), case when n % 5 = 0 then 500 else 0 end, 'published',
        n % 37, n % 37, now() - make_interval(mins => n), now() - make_interval(mins => n)
      from generate_series(1, ${POSTS}) n`)
    await client.query(`
      insert into post_images (post_id, position, image_key)
      select p.id, i.position, i.key from posts p
      cross join (select key, (row_number() over (order by key)) - 1 as position from images limit 3) i
      where p.id >= ${firstNew}`)
    await client.query(`
      insert into post_likes (user_id, post_id, created_at)
      select p.author_id, p.id, now() from posts p where p.id >= ${firstNew} and p.id % 3 = 0`)
  } finally {
    await client.end()
  }
}

export async function communityThroughput(): Promise<CommunityRound[]> {
  const postgres = await startPostgres()
  const interrupted = () => void postgres.stop().finally(() => process.exit(130))
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  try {
    const port = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    const server = await forkBenchServer(port, null, { BENCH_DATABASE_URL: postgres.url })
    try {
      await insertPosts(postgres.url)
      const config = await call<AppConfig>(baseUrl, 'ping/config', { sealRequest: false })
      const sealRequest = config.encryption.request
      const token = (await call<LoginResult>(baseUrl, 'login/guest', { body: { devID: 'bench-posts' }, sealRequest }))
        .token
      const page = await call<Page<PostCard>>(baseUrl, 'post/list', { body: {}, token, sealRequest })
      if (page.items.length !== 10 || !page.items.some((card) => card.images.length === 3)) {
        throw new Error(`post/list answered ${page.items.length} cards, not a full page with images`)
      }

      const pingPath = '/api/app/ping/config'
      const listPath = '/api/app/post/list'
      const body = () => JSON.stringify(sealRequest ? seal(crypto, secret, {}) : {})
      const baselinePhase = () => ({ url: `${baseUrl}${pingPath}`, next: presignedCalls(pingPath) })
      const listPhase = () => ({
        url: `${baseUrl}${listPath}`,
        method: 'POST' as const,
        next: presignedCalls(listPath, token, body),
      })
      // Warm-ups (JIT, connections, the database's caches), then alternating measured rounds.
      await load(server, baselinePhase())
      await load(server, listPhase())
      const rounds: CommunityRound[] = []
      for (let round = 0; round < ROUNDS; round++) {
        rounds.push({ baseline: await load(server, baselinePhase()), list: await load(server, listPhase()) })
      }
      return rounds
    } finally {
      await stopBenchServer(server)
    }
  } finally {
    process.off('SIGINT', interrupted)
    process.off('SIGTERM', interrupted)
    await postgres.stop()
  }
}

export function formatCommunityThroughput(rounds: CommunityRound[]): string[] {
  const lines = [
    `\nCommunity on PostgreSQL: post/list (first page, ${POSTS} posts) vs the signed baseline (GET ping/config), ` +
      `same server, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_SECONDS} s each, medians`,
  ]
  const row = (label: string, pick: (figure: LoadFigure) => number) => {
    const baseline = median(rounds.map((round) => pick(round.baseline)))
    const list = median(rounds.map((round) => pick(round.list)))
    const ratios = rounds.map((round) => pick(round.list) / pick(round.baseline))
    lines.push(
      `  ${label.padEnd(34)} baseline ${baseline.toFixed(0).padStart(6)}  post/list ${list.toFixed(0).padStart(6)}` +
        `  ratio ${median(ratios).toFixed(2)} (rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')})`,
    )
  }
  row('req/s of server CPU (capacity)', (figure) => figure.cpuRps)
  row('req/s on the machine (wall clock)', (figure) => figure.wallRps)
  lines.push(
    `  target: post/list ÷ baseline ≥ ${TARGET} (server capacity; PostgreSQL's own CPU is not counted, and it ` +
      'shares the 2 cores on the wall clock)',
  )
  return lines
}
