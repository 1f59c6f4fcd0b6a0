import { asc, desc, eq, sql } from 'drizzle-orm'
import type { AppConfig } from '../../core/contracts/config.ts'
import { ContentType } from '../../core/contracts/media.ts'
import { DEV_IMAGE_HEAD_KEY, DEV_IMAGE_XOR_BYTE } from '../../core/protocol/defaults.ts'
import type { Db } from './client.ts'
import { draw, type Drawing } from '../modules/images/draw.ts'
import { DEFAULT_IMAGE_SCHEMES, IMAGE_PATH, type ImageKind } from '../modules/images/kinds.ts'
import { storeImage, type ImageConfig, type StoredImage } from '../modules/images/service.ts'
import {
  demoAdvertise,
  demoAppIcons,
  demoFloatingWindow,
  demoIconAds,
  type AdTargets,
  type DemoAd,
} from './demo/ads.ts'
import {
  actorDrawing,
  collectionDrawing,
  DEMO_ACTORS,
  DEMO_COLLECTIONS,
  DEMO_TAGS,
  DEMO_TOPICS,
  demoVideos,
  topicDrawing,
} from './demo/catalogue.ts'
import { seedDemoAccount } from './demo/account.ts'
import { seedDemoCommunity } from './demo/community.ts'
import { seedDemoMessages } from './demo/messages.ts'
import { seedPaymentCatalogue } from './demo/payments.ts'
import { seedDemoSupport } from './demo/support.ts'
import { seedDemoWelfare, seedWelfareCatalogue } from './demo/welfare.ts'
import { installDemoStreams, linkDemoStreams } from './demo/streams.ts'
import { announcements, appConfig } from './schema/ping.ts'
import { actors, collections, tags, topics, videoActors, videos, videoTags, videoTopics } from './schema/catalogue.ts'

/** ping/config as stored: what the server adds at answer time (announcement, encryption) is left out. */
export type StoredAppConfig = Omit<AppConfig, 'announcement' | 'encryption'>

/**
 * Every domain entry points at this server (relative URLs resolve against PUBLIC_URL when
 * served); IMAGE at its image path, so the worker's image route takes only images.
 */
export const DEFAULT_APP_CONFIG: StoredAppConfig = {
  /** The community's category tabs (post/publish takes these ids). */
  communityCategory: [
    { id: 1, name: '日常' },
    { id: 2, name: '影评' },
    { id: 3, name: '摄影' },
    { id: 4, name: '二次元' },
    { id: 5, name: '吐槽' },
  ],
  floatingWindow: null,
  domain: (['API', 'IMAGE', 'MP4', 'VID', 'LAND', 'H5SHAREURL'] as const).map((type) => ({
    type,
    urls: [type === 'IMAGE' ? IMAGE_PATH : '/'],
  })),
  adsType: [],
  statConfigApp: { list: [], nineList: [] },
  advertise: [],
  version: '1.0.0',
}

/** The development image keys and per-kind schemes (what parseConfig gives an empty environment). */
const DEMO_IMAGE_CONFIG: ImageConfig = {
  imageXorByte: DEV_IMAGE_XOR_BYTE,
  imageHeadKey: DEV_IMAGE_HEAD_KEY,
  imageSchemes: DEFAULT_IMAGE_SCHEMES,
}

/** pg_advisory_xact_lock key: "MQSEED" in ASCII. */
const SEED_LOCK = 0x4d5153454544

export interface SeedOptions {
  /** The keys and schemes images are scrambled with: the server's own configuration. */
  images?: ImageConfig
  /** `${DATA_DIR}/media`: the demo streams' files are copied there (before their rows are written). */
  mediaDir?: string
  /** False: no demo account. Its password is public, so a production start makes none. */
  demoAccount?: boolean
  /** CREATOR_SHARE (default 70): the demo community's purchases credit their authors this percentage. */
  creatorShare?: number
}

/** `uploadedBy`: a user's own picture (the demo community's posts and avatars), as upload/img stores it. */
type Store = (drawing: Drawing, kind: ImageKind, uploadedBy?: number) => Promise<StoredImage>

const DEFAULT_CREATOR_SHARE = 70

/**
 * Demo data for what is still empty: the config (and its ads), the announcement, the
 * catalogue, the diamond packages and VIP cards (demo/payments.ts), the demo account
 * (demo/account.ts), the community (demo/community.ts). A database that already has a part keeps it as it is, so this runs on every
 * start, and a database seeded by an earlier version gains what that version did not seed.
 */
export async function seedDemoData(db: Db, now: Date, options: SeedOptions = {}) {
  const imageConfig = options.images ?? DEMO_IMAGE_CONFIG
  if (options.mediaDir) await installDemoStreams(options.mediaDir)
  await db.transaction(async (tx) => {
    // Two servers starting on one PostgreSQL seed one after the other; the second finds data.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    // Pictures are drawn concurrently, but one transaction is one connection: its inserts run
    // one after another (node-postgres warns about overlapping queries, and pg 9 refuses them).
    let inserts: Promise<unknown> = Promise.resolve()
    const store: Store = async (drawing, kind, uploadedBy) => {
      const bytes = await draw(drawing)
      const input = uploadedBy === undefined ? { bytes, kind } : { bytes, kind, uploadedBy }
      const stored = inserts.then(() => storeImage(tx, input, imageConfig, { now: () => now.getTime() }))
      inserts = stored.catch(() => undefined)
      return stored
    }
    await tx.insert(appConfig).values({ key: 'app', value: DEFAULT_APP_CONFIG, updatedAt: now }).onConflictDoNothing()
    await moveImageDomainOffRoot(tx, now)
    await fillCommunityCategories(tx, now)
    const existing = await tx.select({ n: sql<number>`count(*)::int` }).from(announcements)
    if ((existing[0]?.n ?? 0) === 0) {
      await tx.insert(announcements).values({
        title: '欢迎来到 Marquee',
        content: '这是一个演示站点：视频、封面和数据都是示例内容，可以随意浏览和播放。',
        publishedAt: now,
      })
    }
    await seedCatalogue(tx, now, store)
    await linkDemoStreams(tx, now)
    await fillAds(tx, now, store)
    await seedPaymentCatalogue(tx, now)
    if (options.demoAccount !== false) await seedDemoAccount(tx, now)
    await seedDemoCommunity(tx, now, store, { creatorShare: options.creatorShare ?? DEFAULT_CREATOR_SHARE })
    await seedDemoSupport(tx, now)
    await seedWelfareCatalogue(tx)
    if (options.demoAccount !== false) await seedDemoWelfare(tx, now)
    await seedDemoMessages(tx, now)
  })
}

const DAY_MS = 24 * 3600_000

async function isEmpty(
  db: Db,
  table: typeof tags | typeof topics | typeof actors | typeof collections | typeof videos,
) {
  const rows = await db.select({ id: table.id }).from(table).limit(1)
  return rows.length === 0
}

/**
 * The catalogue is seeded as a whole, and only into empty catalogue tables: its rows refer to
 * each other, and an operator's own tags or videos are not mixed with demo ones. Pictures are
 * drawn concurrently (sharp works off the main thread); their inserts run one at a time.
 */
async function seedCatalogue(db: Db, now: Date, store: Store) {
  for (const table of [videos, tags, topics, actors, collections]) {
    if (!(await isEmpty(db, table))) return
  }
  const demo = demoVideos(now)
  const [topicCovers, avatars, collectionCovers, videoCovers] = await Promise.all([
    Promise.all(DEMO_TOPICS.map((_, i) => store(topicDrawing(i), 'cover'))),
    Promise.all(DEMO_ACTORS.map((_, i) => store(actorDrawing(i), 'avatar'))),
    Promise.all(DEMO_COLLECTIONS.map((_, i) => store(collectionDrawing(i), 'cover'))),
    Promise.all(demo.map((video) => store(video.cover, 'cover'))),
  ])
  const tagRows = await db
    .insert(tags)
    .values(DEMO_TAGS.map((name) => ({ name })))
    .returning({ id: tags.id })
  const topicRows = await db
    .insert(topics)
    .values(DEMO_TOPICS.map((topic, i) => ({ ...topic, sort: i * 10, cover: topicCovers[i]!.key })))
    .returning({ id: topics.id })
  const actorRows = await db
    .insert(actors)
    .values(DEMO_ACTORS.map((name, i) => ({ name, avatar: avatars[i]!.key })))
    .returning({ id: actors.id })
  const collectionRows = await db
    .insert(collections)
    .values(
      DEMO_COLLECTIONS.map((collection, i) => ({
        ...collection,
        cover: collectionCovers[i]!.key,
        coverWidth: collectionCovers[i]!.width ?? 0,
        coverHeight: collectionCovers[i]!.height ?? 0,
        createdAt: new Date(now.getTime() - (DEMO_COLLECTIONS.length - i) * DAY_MS),
      })),
    )
    .returning({ id: collections.id })
  const videoRows = await db
    .insert(videos)
    .values(
      demo.map((video, i) => ({
        contentType: video.contentType,
        title: video.title,
        description: video.description,
        cover: videoCovers[i]!.key,
        coverWidth: videoCovers[i]!.width ?? 0,
        coverHeight: videoCovers[i]!.height ?? 0,
        duration: video.duration,
        playCount: video.playCount,
        likeCount: video.likeCount,
        price: video.price,
        vip: video.vip,
        collectionId: video.collection === null ? null : collectionRows[video.collection]!.id,
        publishedAt: video.publishedAt,
      })),
    )
    .returning({ id: videos.id })
  const links = <T>(pick: (video: (typeof demo)[number]) => number[], row: (ref: number, videoId: number) => T) =>
    demo.flatMap((video, i) => pick(video).map((ref) => row(ref, videoRows[i]!.id)))
  await db.insert(videoTags).values(
    links(
      (v) => v.tags,
      (ref, videoId) => ({ tagId: tagRows[ref]!.id, videoId }),
    ),
  )
  await db.insert(videoTopics).values(
    links(
      (v) => v.topics,
      (ref, videoId) => ({ topicId: topicRows[ref]!.id, videoId }),
    ),
  )
  await db.insert(videoActors).values(
    links(
      (v) => v.actors,
      (ref, videoId) => ({ actorId: actorRows[ref]!.id, videoId }),
    ),
  )
}

async function storedConfig(db: Db): Promise<Partial<StoredAppConfig> | undefined> {
  const rows = await db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, 'app')).limit(1)
  return rows[0]?.value as Partial<StoredAppConfig> | undefined
}

async function adTargets(db: Db): Promise<AdTargets> {
  // One after another: `db` is the seed's transaction, one connection.
  const topicRows = await db
    .select({ id: topics.id, name: topics.name })
    .from(topics)
    .orderBy(desc(topics.onHome), asc(topics.sort), asc(topics.id))
    .limit(4)
  const tagRows = await db.select({ id: tags.id, name: tags.name }).from(tags).orderBy(asc(tags.id)).limit(2)
  const videoRows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(eq(videos.contentType, ContentType.LongVideo))
    .orderBy(desc(videos.playCount), asc(videos.id))
    .limit(1)
  return { topics: topicRows, tags: tagRows, videoId: videoRows[0]?.id ?? null }
}

/**
 * Fills the ad slots that are empty in the stored config (carousel and banner ads, home's icon
 * row, the welfare page's apps grid, the floating window) with demo ads whose images are drawn and stored like any other
 * image of their kind. Slots the operator filled are left alone.
 */
async function fillAds(db: Db, now: Date, store: Store) {
  const stored = await storedConfig(db)
  if (!stored) return
  const needAdvertise = !stored.advertise?.length
  const needIcons = !stored.statConfigApp?.list.length
  // Databases seeded before the welfare page hold an empty nineList: they gain the apps grid.
  const needApps = !stored.statConfigApp?.nineList?.length
  const needFloating = !stored.floatingWindow
  if (!needAdvertise && !needIcons && !needApps && !needFloating) return
  const targets = await adTargets(db)
  const withImages = <T>(ads: DemoAd<T>[], kind: ImageKind) =>
    Promise.all(ads.map(async ({ ad, drawing }) => ({ ...ad, image: (await store(drawing, kind)).key }) as T))
  const [advertise, list, nineList, floating] = await Promise.all([
    needAdvertise ? withImages(demoAdvertise(targets), 'ad') : null,
    needIcons ? withImages(demoIconAds(targets), 'icon') : null,
    needApps ? withImages(demoAppIcons(), 'icon') : null,
    needFloating ? withImages([demoFloatingWindow()], 'ad') : null,
  ])
  const value: Partial<StoredAppConfig> = {
    ...stored,
    ...(advertise ? { advertise } : {}),
    ...(list || nineList
      ? {
          statConfigApp: {
            list: list ?? stored.statConfigApp?.list ?? [],
            nineList: nineList ?? stored.statConfigApp?.nineList ?? [],
          },
        }
      : {}),
    ...(floating ? { floatingWindow: floating[0]! } : {}),
  }
  await db.update(appConfig).set({ value, updatedAt: now }).where(eq(appConfig.key, 'app'))
}

/**
 * Databases seeded before images had their own path hold IMAGE = ["/"], which would make the
 * worker treat every request to this server as an image; that old default (only) moves to
 * the image path. A configured IMAGE domain is left alone.
 */
async function moveImageDomainOffRoot(db: Db, now: Date) {
  const stored = await storedConfig(db)
  if (!stored?.domain) return
  let changed = false
  const domain = stored.domain.map((entry) => {
    if (entry.type !== 'IMAGE' || entry.urls.length !== 1 || entry.urls[0] !== '/') return entry
    changed = true
    return { ...entry, urls: [IMAGE_PATH] }
  })
  if (changed) {
    await db
      .update(appConfig)
      .set({ value: { ...stored, domain }, updatedAt: now })
      .where(eq(appConfig.key, 'app'))
  }
}

/**
 * Databases seeded before the community existed hold `communityCategory: []`; they gain the
 * default categories (post/publish takes their ids). Categories an operator set are left alone.
 */
async function fillCommunityCategories(db: Db, now: Date) {
  const stored = await storedConfig(db)
  if (!stored || (stored.communityCategory?.length ?? 0) > 0) return
  await db
    .update(appConfig)
    .set({ value: { ...stored, communityCategory: DEFAULT_APP_CONFIG.communityCategory }, updatedAt: now })
    .where(eq(appConfig.key, 'app'))
}
