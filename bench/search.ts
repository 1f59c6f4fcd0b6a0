/**
 * The search benchmark: on a throw-away PostgreSQL, a catalogue of BENCH_SEARCH_VIDEOS (default
 * 1,000,000) videos made by generate_series, then search/details through the search service for
 * 1-, 2- and 4-character keywords (p50, p95; target p95 ≤ 50 ms) and media/published's keyset
 * page at row 500,000 ÷ its first page (target ≤ 1.2). The database is dropped afterwards.
 */
import { performance } from 'node:perf_hooks'
import { and, count, desc, not } from 'drizzle-orm'
import pg from 'pg'
import { openPostgres, type Database } from '../server/db/client.ts'
import { videos } from '../server/db/schema/catalogue.ts'
import { encodeCursor } from '../server/modules/catalogue/cursor.ts'
import { inCatalogue } from '../server/modules/catalogue/repo.ts'
import { createCatalogueService } from '../server/modules/catalogue/service.ts'
import { matchesKeyword, titleIs } from '../server/modules/search/repo.ts'
import { createSearchService } from '../server/modules/search/service.ts'
import { median } from './load.ts'
import { startPostgres } from './postgres.ts'

const VIDEOS = Number(process.env.BENCH_SEARCH_VIDEOS ?? 1_000_000)
const SEARCH_P95_TARGET_MS = 50
const DEEP_PAGE_TARGET = 1.2
const DEEP_ROW = Math.min(500_000, Math.floor(VIDEOS / 2))
/** Timed calls per keyword, after one warm-up call. */
const REPEATS = 30

/**
 * Two-character words titles are made of, most frequent first (drawn with a skew toward the
 * head, as real text is): 的 is in about a third of titles, 猫咪 in about one in a hundred.
 */
const WORDS = (
  '的 海边 夏日 旅行 城市 美食 日落 故事 青春 夜景 森林 雪山 星空 爱情 校园 都市 古装 武侠 科幻 悬疑 ' +
  '喜剧 动作 纪录 音乐 舞蹈 运动 篮球 足球 厨房 家常 小吃 火锅 烧烤 甜品 咖啡 早餐 午后 周末 假期 回家 ' +
  '出发 远方 山谷 草原 沙漠 湖泊 瀑布 海岛 港口 街头 小巷 老街 古镇 村庄 田野 花园 公园 书店 电影 游戏 ' +
  '动画 猫咪 小狗 宠物 孩子 父亲 母亲 朋友 同学 老师 医生 警察 司机 厨师 画家 歌手 演员 记者 少年 少女 ' +
  '英雄 秘密 约定 记忆 梦想 时光 四季 春天 秋天 冬天 清晨 黄昏 深夜 雨天 晴天 风景 光影 色彩 声音 味道 ' +
  '温柔 勇敢 孤独 快乐 温暖 自由 奇妙 神秘 完美 第一 最后 一起 永远 Vlog 合集 教程 挑战 日常 现场 幕后'
).split(' ')
const SURNAMES = '李王张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高'.split('')
const GIVEN = '小大明晓雨雪云海山风月星春秋子文华丽静婷'.split('')

const KEYWORDS = {
  1: ['的', '海', '猫', '鑫'],
  2: ['海边', '夏日', '猫咪', '幕后'],
  4: ['海边日落', '夏日旅行', '城市夜景', '猫咪日常'],
} as const

/** A pseudo-random float in [0, 1) from row n and slot i, made in SQL. */
const random = (n: string, i: string) => `((hashint8(${n}::int8 * 16 + ${i}) & 2147483647) / 2147483648.0)`

/**
 * Tags (the words), actors (surname + two characters), then videos with their links, in
 * set-based statements with triggers off: each video's search_grams is made from its title, tag
 * names and actor names in the same statement, as the triggers' video_search_grams would make it
 * row by row (which costs about a millisecond a row); a sample is checked against it afterwards.
 */
async function generateCatalogue(client: pg.Client): Promise<Record<string, number>> {
  const seconds: Record<string, number> = {}
  const step = async (name: string, run: () => Promise<unknown>) => {
    const start = performance.now()
    await run()
    seconds[name] = (performance.now() - start) / 1000
  }
  await client.query(`insert into tags (name) select unnest($1::text[])`, [WORDS])
  await client.query(
    `insert into actors (name) select s || a || b from unnest($1::text[]) s, unnest($2::text[]) a, unnest($2::text[]) b`,
    [SURNAMES, GIVEN],
  )
  await client.query('set session_replication_role = replica')
  await step('video_tags', () =>
    client.query(`
    insert into video_tags (tag_id, video_id)
    select distinct (select min(id) from tags) + floor(${random('n', 't')} ^ 2 * ${WORDS.length})::int, n
    from generate_series(1, ${VIDEOS}) n, generate_series(1, 2) t`),
  )
  await step('video_actors', () =>
    client.query(`
    insert into video_actors (actor_id, video_id)
    select (select min(id) from actors) + floor(${random('n', '9')} * (select count(*) from actors))::int, n
    from generate_series(1, ${VIDEOS}) n`),
  )
  // Indexes are built once after the load rather than grown row by row (PostgreSQL's advice for
  // bulk loads); their definitions are read back, so they stay the migrations'.
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename = 'videos' and indexname <> 'videos_pkey'`,
  )
  for (const index of indexes) await client.query(`drop index ${index.name}`)
  // Fresh tables have no statistics: without them each video's lookup of its links is planned as a scan.
  await client.query('analyze tags, actors, video_tags, video_actors')
  await step('videos', () =>
    client.query(
      `
    insert into videos (id, content_type, title, play_count, like_count, duration, published_at, search_grams)
    overriding system value
    select n, case when n % 3 = 2 then 2 else 1 end, title, floor(${random('n', '10')} ^ 6 * 1000000)::int8,
      floor(${random('n', '11')} ^ 4 * 10000)::int8, 60 + n % 1200,
      timestamptz '2026-01-01' - make_interval(secs => n / 3),
      search_grams(concat_ws(chr(10), title, tag_names, actor_names))
    from (
      select n, (select string_agg(($1::text[])[1 + floor(${random('n', 'i')} ^ 2 * ${WORDS.length})::int], '')
        from generate_series(1, 3 + n % 3) i) || case when n % 5 = 0 then '第' || (n % 40 + 1) || '集' else '' end as title
      from generate_series(1, ${VIDEOS}) n
    ) generated
    left join (select vt.video_id, string_agg(t.name, chr(10) order by t.id) as tag_names
      from video_tags vt join tags t on t.id = vt.tag_id group by vt.video_id) tagged on tagged.video_id = n
    left join (select va.video_id, string_agg(a.name, chr(10) order by a.id) as actor_names
      from video_actors va join actors a on a.id = va.actor_id group by va.video_id) acted on acted.video_id = n`,
      [WORDS],
    ),
  )
  await client.query('set session_replication_role = origin')
  await client.query(`set maintenance_work_mem = '512MB'`)
  await step('indexes', async () => {
    for (const index of indexes) await client.query(index.definition)
  })
  await client.query(`select setval(pg_get_serial_sequence('videos', 'id'), ${VIDEOS})`)
  const { rows: drifted } = await client.query<{ n: number }>(
    `select count(*)::int4 as n from (select id, title, search_grams from videos order by id limit 1000) v
     where not (v.search_grams @> video_search_grams(v.id, v.title) and v.search_grams <@ video_search_grams(v.id, v.title))`,
  )
  if (drifted[0]!.n > 0)
    throw new Error(`${drifted[0]!.n} generated videos' search_grams differ from video_search_grams`)
  await step('vacuum analyze', () => client.query('vacuum analyze videos, video_tags, video_actors, tags, actors'))
  return seconds
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await run()
  return performance.now() - start
}

/** The indexes the plan of the service's query for `keyword` (its second run, the bulk) reads. */
async function indexesUsed(database: Database, client: pg.Client, keyword: string): Promise<string> {
  const query = database.db
    .select({ id: videos.id })
    .from(videos)
    .where(and(inCatalogue(), matchesKeyword(keyword), not(titleIs(keyword))))
    .orderBy(desc(videos.playCount), desc(videos.id))
    .limit(11)
    .toSQL()
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, query.params)
  const names = rows.flatMap((row) =>
    [...row['QUERY PLAN'].matchAll(/(?:Bitmap Index Scan on|Index (?:Only )?Scan (?:Backward )?using) (\w+)/g)].map(
      (m) => m[1],
    ),
  )
  return [...new Set(names)].join(', ') || 'none (sequential scan)'
}

export interface SearchBenchmark {
  videos: number
  seconds: Record<string, number> & { generate: number }
  keywords: { length: 1 | 2 | 4; keyword: string; matches: number; plan: string; ms: number[] }[]
  keyset: { first: number[]; deep: number[] }
}

export async function searchBenchmark(): Promise<SearchBenchmark> {
  const postgres = await startPostgres()
  const interrupted = () => void postgres.stop().finally(() => process.exit(130))
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  const admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  const url = new URL(postgres.url)
  url.pathname = '/search_bench'
  try {
    await admin.query('create database search_bench')
    const database = openPostgres(url.toString(), { max: 4 })
    const client = new pg.Client({ connectionString: url.toString() })
    await client.connect()
    try {
      await database.migrate()
      const generateStart = performance.now()
      const steps = await generateCatalogue(client)
      const generate = (performance.now() - generateStart) / 1000

      const now = () => Date.now()
      const search = createSearchService({ db: database.db, now })
      const catalogue = createCatalogueService({ db: database.db, now })
      const keywords: SearchBenchmark['keywords'] = []
      for (const [length, list] of Object.entries(KEYWORDS)) {
        for (const keyword of list) {
          const [counted] = await database.db
            .select({ n: count() })
            .from(videos)
            .where(and(inCatalogue(), matchesKeyword(keyword)))
          await search.search({ keyword })
          const ms: number[] = []
          for (let i = 0; i < REPEATS; i++) ms.push(await timed(() => search.search({ keyword })))
          keywords.push({
            length: Number(length) as 1 | 2 | 4,
            keyword,
            matches: counted?.n ?? 0,
            plan: await indexesUsed(database, client, keyword),
            ms,
          })
        }
      }

      const { rows } = await client.query<{ ms: number; id: number }>(
        `select (extract(epoch from published_at) * 1000)::float8 as ms, id from videos where content_type <> 4
         order by published_at desc, id desc offset ${DEEP_ROW - 1} limit 1`,
      )
      const deepCursor = encodeCursor('latest', { key: rows[0]!.ms, id: rows[0]!.id })
      await catalogue.published()
      await catalogue.published(deepCursor)
      const keyset: SearchBenchmark['keyset'] = { first: [], deep: [] }
      for (let i = 0; i < 200; i++) {
        keyset.first.push(await timed(() => catalogue.published()))
        keyset.deep.push(await timed(() => catalogue.published(deepCursor)))
      }
      return { videos: VIDEOS, seconds: { generate, ...steps }, keywords, keyset }
    } finally {
      await client.end()
      await database.close()
      await admin.query('drop database search_bench')
    }
  } finally {
    process.off('SIGINT', interrupted)
    process.off('SIGTERM', interrupted)
    await admin.end()
    await postgres.stop()
  }
}

export function formatSearchBenchmark(result: SearchBenchmark): string[] {
  const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`
  const lines = [
    `\nSearch on PostgreSQL: ${result.videos.toLocaleString('en')} generated videos (made in ` +
      `${result.seconds.generate.toFixed(0)} s: ${Object.entries(result.seconds)
        .filter(([name]) => name !== 'generate')
        .map(([name, s]) => `${name} ${s.toFixed(0)} s`)
        .join(', ')}; dropped afterwards), search/details first pages through the ` +
      `search service, ${REPEATS} calls per keyword`,
  ]
  for (const length of [1, 2, 4] as const) {
    const group = result.keywords.filter((k) => k.length === length)
    const all = group.flatMap((k) => k.ms)
    const p95 = percentile(all, 95)
    lines.push(
      `  ${length}-character keywords: p50 ${ms(percentile(all, 50))}  p95 ${ms(p95)}  ` +
        `(target p95 ≤ ${SEARCH_P95_TARGET_MS} ms: ${p95 <= SEARCH_P95_TARGET_MS ? 'met' : 'NOT met'})`,
    )
    for (const k of group) {
      lines.push(
        `    ${k.keyword.padEnd(5, '\u3000')} ${String(k.matches).padStart(7)} matches  p50 ${ms(percentile(k.ms, 50))}` +
          `  p95 ${ms(percentile(k.ms, 95))}  via ${k.plan}`,
      )
    }
  }
  const first = median(result.keyset.first)
  const deep = median(result.keyset.deep)
  const ratio = deep / first
  lines.push(
    `  media/published keyset page at row ${DEEP_ROW.toLocaleString('en')}: ${ms(deep)} vs page 1 ${ms(first)} ` +
      `(medians of ${result.keyset.first.length}), ratio ${ratio.toFixed(2)} ` +
      `(target ≤ ${DEEP_PAGE_TARGET}: ${ratio <= DEEP_PAGE_TARGET ? 'met' : 'NOT met'})`,
  )
  return lines
}
