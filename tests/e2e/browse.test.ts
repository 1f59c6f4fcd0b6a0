/**
 * Browsing the catalogue with scrambled images: covers descrambled by the service
 * worker, the same pages and covers after an offline reload, prefetched images shown offline,
 * the fallback without a worker, and the ad carousel.
 */
import type { Page, Response } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { sniffImageType } from '../../core/images/image-type.ts'
import { journeyBrowser, PHONE } from '../support/browser.ts'
import { FIRST_SCREEN_TEXT_STYLES } from '../../src/features/home/first-screen-text.ts'
import { scrollPage } from '../support/scroll.ts'
import { controlled } from '../support/service-worker.ts'

const baseUrl = inject('baseUrl')
const OFFLINE_BANNER = '当前处于离线状态，显示的是缓存内容'
const NO_MORE = '没有更多了'
const PREFETCH_CACHE_PREFIX = 'marquee-images-prefetch-'
/** How long one screenful of covers may take to show (descrambled by the worker or the fallback). */
const COVERS_TIMEOUT_MS = 15_000

const { open } = journeyBrowser()

/**
 * Opens `path` under a controlling service worker that knows the image origin. The first visit
 * has no worker yet, so its images went through the page's fallback: once the worker controls
 * the page and has stored the image origins the page told it, reload, so every image from
 * then on is asked of the worker.
 */
async function openControlled(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`)
  await controlled(page)
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const stored = await (
            await caches.open('marquee-sw-state')
          ).match('https://marquee-sw-state.invalid/image-origins')
          return stored ? ((await stored.json()) as { origins: string[] }).origins.length : 0
        }),
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0)
  await page.reload()
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/**
 * Empties the browser's HTTP cache, where the image origin's immutable answers also sit (the
 * worker's own fetches go through it), so what shows offline afterwards can only come from the
 * worker's Cache Storage.
 */
async function clearHttpCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
}

interface Cover {
  /** The video's title (the cover's alt text). */
  title: string
  /** The <img>'s src, null while only the placeholder is there. */
  src: string | null
  shown: boolean
}

/** Covers of video cards on the page on screen (kept-alive pages are hidden) wholly inside the viewport. */
function coversInView(page: Page): Promise<Cover[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.video-card .lazy-image'))
      .filter((frame) => {
        const box = frame.getBoundingClientRect()
        return box.width > 0 && box.top >= 0 && box.bottom <= innerHeight
      })
      .map((frame) => {
        const image = frame.querySelector('img')
        return {
          title: image?.alt ?? frame.getAttribute('aria-label') ?? '',
          src: image?.src ?? null,
          shown: image !== null && image.complete && image.naturalWidth > 0,
        }
      }),
  )
}

/** Waits until every cover in view shows its image (naturalWidth > 0) and returns them. */
async function coversShown(page: Page): Promise<Cover[]> {
  let covers: Cover[] = []
  await expect
    .poll(
      async () => {
        covers = await coversInView(page)
        return covers.filter((cover) => !cover.shown).map((cover) => cover.title)
      },
      { timeout: COVERS_TIMEOUT_MS },
    )
    .toEqual([])
  return covers
}

/**
 * Scrolls down a screen at a time from the top to `until` (a document offset), waiting at each
 * stop for the covers in view to show; returns every cover seen.
 */
async function scrollThrough(page: Page, until: () => Promise<number>, from = 0): Promise<Map<string, Cover>> {
  const seen = new Map<string, Cover>()
  const step = Math.round(PHONE.viewport.height * 0.75)
  let y = from
  for (;;) {
    const reached = await scrollPage(page, y)
    for (const cover of await coversShown(page)) seen.set(cover.title, cover)
    const end = await until()
    if (y >= end || reached < y) break
    y = Math.min(y + step, end)
  }
  return seen
}

/**
 * Scrolls the list on screen to its end ("没有更多了"), screen by screen as in scrollThrough,
 * waiting at the bottom for each next page; returns every cover seen.
 */
async function scrollToListEnd(page: Page): Promise<Map<string, Cover>> {
  const seen = new Map<string, Cover>()
  const end = page.getByText(NO_MORE, { exact: true }).filter({ visible: true })
  let from = 0
  for (;;) {
    for (const [title, cover] of await scrollThrough(page, pageEnd(page), from)) seen.set(title, cover)
    if ((await end.count()) > 0) return seen
    from = await page.evaluate(() => scrollY)
    // At the bottom: the next page grows the document, or the end shows.
    await expect
      .poll(async () => (await pageEnd(page)()) > from || (await end.count()) > 0, { timeout: 15_000 })
      .toBe(true)
  }
}

/** The document offset of home's 推荐 heading: scrolling there passes every section of media/home. */
function homeSectionsEnd(page: Page): () => Promise<number> {
  return () => page.locator('#home-recommend').evaluate((heading) => heading.getBoundingClientRect().top + scrollY)
}

/** Titles of the video cards on the page on screen, in document order. */
function visibleTitles(page: Page, within = 'main'): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll<HTMLElement>(`${selector} .video-card .video-card__title`))
        .filter((title) => title.getBoundingClientRect().width > 0)
        .map((title) => title.textContent ?? ''),
    within,
  )
}

/** Titles of the cards in home's media/home sections (not the endless 推荐 list). */
function homeSectionTitles(page: Page): Promise<string[]> {
  return visibleTitles(page, 'section[aria-labelledby^="home-section-"]')
}

async function waitForHomeSections(page: Page): Promise<void> {
  await expect
    .poll(() => homeSectionTitles(page).then((titles) => titles.length), { timeout: 15_000 })
    .toBeGreaterThan(0)
}

/**
 * Scrolls the card of the video titled `title` in home's 推荐 list to the middle of the screen
 * and waits for its cover to show.
 */
async function coverOfCard(page: Page, title: string): Promise<Cover> {
  const card = page
    .getByRole('list', { name: '推荐', exact: true })
    .locator('.video-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
  await card.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  let cover: Cover = { title, src: null, shown: false }
  await expect
    .poll(
      async () => {
        cover = await card.evaluate((element) => {
          const image = element.querySelector<HTMLImageElement>('.lazy-image img')
          return {
            title: image?.alt ?? '',
            src: image?.src ?? null,
            shown: image !== null && image.complete && image.naturalWidth > 0,
          }
        })
        return cover.shown
      },
      { timeout: COVERS_TIMEOUT_MS, message: `the cover of ${title} shows` },
    )
    .toBe(true)
  return cover
}

/** The document's bottom: scrolling there reaches the end of the list on screen. */
function pageEnd(page: Page): () => Promise<number> {
  return () => page.evaluate(() => document.documentElement.scrollHeight - innerHeight)
}

interface StoredCard {
  title: string
  cover: string
}

/**
 * The pages of media/recommend after the first that the app has stored for offline use (the
 * offline reads, IndexedDB marquee/reads, keyed by call name and body): only the background
 * prefetch fetches one while the list is not scrolled.
 */
function storedRecommendPagesAfterFirst(page: Page): Promise<StoredCard[][]> {
  return page.evaluate(
    () =>
      new Promise<StoredCard[][]>((resolve, reject) => {
        const open = indexedDB.open('marquee')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('reads')) {
            db.close()
            resolve([])
            return
          }
          const pages: StoredCard[][] = []
          const cursor = db.transaction('reads').objectStore('reads').openCursor()
          cursor.onerror = () => reject(cursor.error)
          cursor.onsuccess = () => {
            const entry = cursor.result
            if (!entry) {
              db.close()
              resolve(pages)
              return
            }
            const key = String(entry.key)
            if (key.startsWith('media/recommend\n') && key.includes('"cursor"')) {
              const items = (entry.value as { data: { items: StoredCard[] } }).data.items
              pages.push(items.map(({ title, cover }) => ({ title, cover })))
            }
            entry.continue()
          }
        }
      }),
  )
}

/** URLs in the worker's prefetch cache(s). */
function prefetchedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async (prefix) => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      if (!name.startsWith(prefix)) continue
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    }
    return urls
  }, PREFETCH_CACHE_PREFIX)
}

const isUrlOf = (url: string, key: string) => url.endsWith(`/${key.replace(/^\/+/, '')}`)

describe('home covers through the service worker', () => {
  it('shows every cover in view, answered by the worker from bytes that were scrambled on the wire', async () => {
    const { page, errors } = await open()
    await openControlled(page, '/')
    const responses = new Map<string, Response>()
    page.on('response', (response) => responses.set(response.url(), response))
    await waitForHomeSections(page)
    const covers = [...(await scrollThrough(page, homeSectionsEnd(page))).values()]
    expect(covers.length).toBeGreaterThanOrEqual(8)

    for (const { src, title } of covers) {
      expect(src, title).toMatch(/^https?:\/\//)
      const answer = responses.get(src!)
      expect(answer, `no response seen for ${src}`).toBeDefined()
      expect(answer!.fromServiceWorker(), src!).toBe(true)
      const type = (await answer!.allHeaders())['content-type']
      expect(type, src!).toMatch(/^image\//)
      expect(sniffImageType(await answer!.body()), src!).toBe(type)

      // The same URL without the worker: scrambled bytes that are not an image.
      const wire = await fetch(src!)
      expect(wire.status).toBe(200)
      expect(wire.headers.get('content-type'), src!).not.toMatch(/^image\//)
      expect(sniffImageType(new Uint8Array(await wire.arrayBuffer())), src!).toBeNull()
    }
    expect(errors).toEqual([])
  })
})

describe('offline', () => {
  it('reloads home and a topic offline with the same items and covers, and says it is offline', async () => {
    const { page, context } = await open()
    await openControlled(page, '/')
    await waitForHomeSections(page)
    const homeTitles = await homeSectionTitles(page)
    const homeCovers = await scrollThrough(page, homeSectionsEnd(page))

    // A topic through its section's 更多, scrolled to the end of its list.
    const topicName = await page
      .locator('section[aria-labelledby^="home-section-"]')
      .first()
      .getByRole('heading', { level: 2 })
      .textContent()
    await page.getByRole('link', { name: `${topicName} 更多` }).click()
    await page.waitForURL((url) => url.pathname === '/topicList')
    await expect.poll(() => visibleTitles(page).then((titles) => titles.length), { timeout: 15_000 }).toBeGreaterThan(0)
    const topicCovers = await scrollToListEnd(page)
    const topicTitles = await visibleTitles(page)
    expect(topicCovers.size).toBeGreaterThan(0)

    await page.goBack()
    await page.waitForURL(`${baseUrl}/`)
    await clearHttpCache(page)
    await context.setOffline(true)
    await page.reload()
    await page.getByText(OFFLINE_BANNER).waitFor()
    await waitForHomeSections(page)
    expect(await homeSectionTitles(page)).toEqual(homeTitles)
    const offlineHomeCovers = await scrollThrough(page, homeSectionsEnd(page))
    expect([...offlineHomeCovers.keys()]).toEqual(expect.arrayContaining([...homeCovers.keys()]))

    await scrollPage(page, 0)
    await page.getByRole('link', { name: `${topicName} 更多` }).click()
    await page.waitForURL((url) => url.pathname === '/topicList')
    await expect.poll(() => visibleTitles(page).then((titles) => titles.length), { timeout: 15_000 }).toBeGreaterThan(0)
    const offlineTopicCovers = await scrollToListEnd(page)
    expect(await visibleTitles(page)).toEqual(topicTitles)
    expect([...offlineTopicCovers.keys()]).toEqual(expect.arrayContaining([...topicCovers.keys()]))
    expect(await page.getByText(OFFLINE_BANNER).isVisible()).toBe(true)
  })
})

describe('a new user', () => {
  it('still sees offline the covers of the first visit, shown by the fallback before the worker took over', async () => {
    const { page, context } = await open()
    // Hold the worker's script until the first covers have shown, as on a slow first visit.
    let releaseWorker!: () => void
    const workerHeld = new Promise<void>((resolve) => (releaseWorker = resolve))
    await context.route('**/sw.js', async (route) => {
      await workerHeld
      await route.continue()
    })
    await page.goto(`${baseUrl}/`)
    await waitForHomeSections(page)
    const twoScreens = async () => PHONE.viewport.height * 2
    const firstVisit = [...(await scrollThrough(page, twoScreens)).values()]
    expect(firstVisit.length).toBeGreaterThan(0)
    for (const cover of firstVisit) expect(cover.src, cover.title).toMatch(/^data:image\//)

    releaseWorker()
    await controlled(page)
    await clearHttpCache(page)
    await context.setOffline(true)
    await page.reload()
    await page.getByText(OFFLINE_BANNER).waitFor()
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await waitForHomeSections(page)
    const offline = await scrollThrough(page, twoScreens)
    expect([...offline.keys()]).toEqual(expect.arrayContaining(firstVisit.map((cover) => cover.title)))
  })
})

describe('background prefetch', () => {
  it('shows the next page with covers offline, though it was never displayed online', async () => {
    const { page, context } = await open()
    await openControlled(page, '/')
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    await waitForHomeSections(page)

    // The prefetch on idle stores page 2's data, then the worker fetches its covers.
    let nextPage: StoredCard[] = []
    await expect
      .poll(async () => (nextPage = (await storedRecommendPagesAfterFirst(page))[0] ?? []).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0)
    const neverShown = nextPage.filter((card) => !requested.some((url) => isUrlOf(url, card.cover)))
    expect(neverShown.length).toBeGreaterThan(0)
    await expect
      .poll(
        async () => {
          const cached = await prefetchedUrls(page)
          return neverShown.filter((card) => !cached.some((url) => isUrlOf(url, card.cover))).map((card) => card.title)
        },
        { timeout: 15_000 },
      )
      .toEqual([])
    expect(await storedRecommendPagesAfterFirst(page)).toHaveLength(1)
    const onlineTitles = await visibleTitles(page)
    expect(onlineTitles).not.toContain(neverShown[0]!.title)

    await clearHttpCache(page)
    await context.setOffline(true)
    await page.reload()
    await page.getByText(OFFLINE_BANNER).waitFor()
    await waitForHomeSections(page)
    // Scrolling to the end brings page 2 from storage.
    await expect
      .poll(
        async () => {
          await scrollPage(page, Number.MAX_SAFE_INTEGER)
          const titles = await visibleTitles(page)
          return nextPage.filter((card) => !titles.includes(card.title)).map((card) => card.title)
        },
        { timeout: 15_000 },
      )
      .toEqual([])
    for (const card of neverShown) {
      const cover = await coverOfCard(page, card.title)
      expect(isUrlOf(cover.src ?? '', card.cover), `${card.title}: ${cover.src}`).toBe(true)
    }
  })
})

describe('without a service worker', () => {
  it('shows covers as data URIs through the fallback and keeps them in imageDatabase/imgList', async () => {
    const { page, errors } = await open({ serviceWorkers: 'block' })
    await page.goto(`${baseUrl}/`)
    await waitForHomeSections(page)
    const covers = [...(await scrollThrough(page, async () => PHONE.viewport.height * 2)).values()]
    expect(covers.length).toBeGreaterThanOrEqual(2)
    for (const cover of covers) expect(cover.src, cover.title).toMatch(/^data:image\/(jpeg|png|gif|webp);base64,/)
    expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull()

    // The fallback keeps what it showed: records {src, imgData} keyed by the image's URL.
    const records = () =>
      page.evaluate(
        () =>
          new Promise<Array<{ key: string; src: unknown; imgData: unknown }>>((resolve, reject) => {
            const open = indexedDB.open('imageDatabase')
            open.onerror = () => reject(open.error)
            open.onsuccess = () => {
              const db = open.result
              if (!db.objectStoreNames.contains('imgList')) {
                db.close()
                resolve([])
                return
              }
              const all: Array<{ key: string; src: unknown; imgData: unknown }> = []
              const cursor = db.transaction('imgList').objectStore('imgList').openCursor()
              cursor.onerror = () => reject(cursor.error)
              cursor.onsuccess = () => {
                const entry = cursor.result
                if (!entry) {
                  db.close()
                  resolve(all)
                  return
                }
                const { src, imgData } = entry.value as { src: unknown; imgData: unknown }
                all.push({ key: String(entry.key), src, imgData })
                entry.continue()
              }
            }
          }),
      )
    await expect
      .poll(async () => {
        const stored = new Set((await records()).map((record) => record.imgData))
        return covers.filter((cover) => !stored.has(cover.src)).map((cover) => cover.title)
      })
      .toEqual([])
    for (const record of await records()) {
      expect(record.src).toBe(record.key)
      expect(record.key.startsWith(`${baseUrl}/img/`), record.key).toBe(true)
    }
    expect(errors).toEqual([])
  })
})

describe('ad carousel', () => {
  it('shows its first slide and moves on by itself', async () => {
    const { page } = await open()
    await page.goto(`${baseUrl}/`)
    const carousel = page.getByRole('region', { name: '广告轮播' })
    const dots = carousel.getByRole('button', { name: /^切换到第 \d+ 张$/ })
    await expect.poll(() => dots.count(), { timeout: 15_000 }).toBeGreaterThan(1)
    const total = await dots.count()
    const first = carousel.getByRole('group', { name: `第 1 张，共 ${total} 张` })
    const naturalWidth = () =>
      first
        .locator('img')
        .evaluate((image: HTMLImageElement) => image.naturalWidth)
        .catch(() => 0)
    await expect.poll(naturalWidth, { timeout: 15_000 }).toBeGreaterThan(0)
    const active = () => dots.evaluateAll((all) => all.findIndex((dot) => dot.getAttribute('aria-current') === 'true'))
    expect(await active()).toBe(0)
    // Autoplay moves on every 3 s; embla itself is loaded at the first step.
    await expect.poll(active, { timeout: 10_000, interval: 250 }).toBe(1)
  })

  it('has the next slide loaded before it slides in, though the carousel clips it', async () => {
    const { page, errors } = await open()
    // Page times at which each slide's image loaded and each slide became the current one (by slide number).
    await page.addInitScript(() => {
      const times = { loaded: {} as Record<number, number>, current: {} as Record<number, number> }
      Object.assign(window, { carouselTimes: times })
      const slideNumber = (element: Element | null | undefined, pattern: RegExp) =>
        Number(pattern.exec(element?.getAttribute('aria-label') ?? '')?.[1] ?? 0)
      document.addEventListener(
        'load',
        (event) => {
          const slide = slideNumber((event.target as Element).closest?.('.ad-carousel__slide'), /^第 (\d+) 张/)
          if (slide) times.loaded[slide] ??= performance.now()
        },
        true,
      )
      new MutationObserver((records) => {
        for (const { target } of records) {
          const dot = target as Element
          if (dot.getAttribute('aria-current') !== 'true') continue
          const slide = slideNumber(dot, /^切换到第 (\d+) 张$/)
          if (slide) times.current[slide] ??= performance.now()
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-current'] })
    })
    await page.goto(`${baseUrl}/`)
    const dots = page.getByRole('region', { name: '广告轮播' }).getByRole('button', { name: /^切换到第 \d+ 张$/ })
    await expect.poll(() => dots.count(), { timeout: 15_000 }).toBeGreaterThan(2)
    // The third slide is loaded ahead when the second becomes current, a full autoplay step before its turn.
    const third = await dots.nth(2).getAttribute('aria-label')
    expect(third).toBe('切换到第 3 张')
    await expect.poll(() => dots.nth(2).getAttribute('aria-current'), { timeout: 15_000, interval: 250 }).toBe('true')
    const times = await page.evaluate(
      () =>
        (window as unknown as { carouselTimes: { loaded: Record<number, number>; current: Record<number, number> } })
          .carouselTimes,
    )
    expect(times.loaded[3]).toBeLessThan(times.current[3]!)
    expect(errors).toEqual([])
  })
})

describe("home's first screen", () => {
  it("loads the icon row, the floating window and the carousel's next slide once the first cover has painted, and then shows them", async () => {
    const { page, errors } = await open()
    // Page times at which each lazy image left its placeholder ('loading') and showed, by where
    // it is, and when the browser reported the first cover's paint (Element Timing).
    await page.addInitScript(() => {
      const times: Array<{ where: string; state: string; at: number }> = []
      const coverPaints: number[] = []
      Object.assign(window, { imageTimes: times, coverPaints })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if ((entry as PerformanceEntry & { identifier?: string }).identifier === 'home-first-cover') {
            coverPaints.push(entry.startTime)
          }
        }
      }).observe({ type: 'element', buffered: true })
      new MutationObserver((records) => {
        for (const { target } of records) {
          const frame = target as HTMLElement
          const slide = frame.closest('.ad-carousel__slide')
          const where = frame.closest('.icon-ads')
            ? 'icon'
            : frame.closest('.floating-window')
              ? 'floating'
              : slide
                ? slide === slide.parentElement!.firstElementChild
                  ? 'first-slide'
                  : 'next-slide'
                : frame.closest('.home-section') === document.querySelector('.home-section')
                  ? 'first-section'
                  : 'other'
          times.push({ where, state: frame.dataset.state ?? '', at: performance.now() })
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] })
    })
    await page.goto(`${baseUrl}/`)
    const smallImages = page.locator('.icon-ads .lazy-image, .floating-window .lazy-image')
    await expect.poll(() => smallImages.count(), { timeout: 15_000 }).toBeGreaterThan(3)
    // Every one in view shows (the row scrolls sideways: those off to the right stay placeholders).
    await expect
      .poll(() => page.locator('.icon-ads .lazy-image[data-state="shown"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(3)
    await expect
      .poll(() => page.locator('.floating-window .lazy-image').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('shown')
    await expect
      .poll(() => page.locator('.ad-carousel__slide:nth-child(2) .lazy-image').getAttribute('data-state'), {
        timeout: 15_000,
      })
      .toBe('shown')
    const { times, coverPaints } = await page.evaluate(() => {
      const recorded = window as unknown as {
        imageTimes: Array<{ where: string; state: string; at: number }>
        coverPaints: number[]
      }
      return { times: recorded.imageTimes, coverPaints: recorded.coverPaints }
    })
    // One report: the first section's first cover, the one the gate marked.
    expect(coverPaints).toHaveLength(1)
    const firstCoverShown = Math.min(
      ...times.filter((t) => t.where === 'first-section' && t.state === 'shown').map((t) => t.at),
    )
    expect(coverPaints[0]).toBeGreaterThanOrEqual(firstCoverShown)
    const waiting = times.filter(
      (t) => (t.where === 'icon' || t.where === 'floating' || t.where === 'next-slide') && t.state === 'loading',
    )
    expect(waiting.filter((t) => t.where === 'next-slide')).toHaveLength(1)
    expect(waiting.length).toBeGreaterThan(4)
    for (const start of waiting) expect(start.at).toBeGreaterThanOrEqual(coverPaints[0]!)
    expect(errors).toEqual([])
  })
})

describe("home's announcement", () => {
  it('holds its place while it loads: the catalogue below does not move when it arrives (412 px)', async () => {
    const { page, errors } = await open({ viewport: { width: 412, height: 823 } })
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/app/ping/announcement', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${baseUrl}/`)
    // The first section with its answer in: the skeleton before it is a div of the same class,
    // which React replaces, so measuring it could meet a detached element (rect all zeros).
    const section = page.locator('section.home-section').first()
    await page.locator('.announcement .skeleton').waitFor()
    await section.waitFor()
    const before = await section.evaluate((element) => element.getBoundingClientRect().top)
    release()
    await page.locator('.announcement__title').waitFor()
    expect(await section.evaluate((element) => element.getBoundingClientRect().top)).toBeCloseTo(before, 0)
    expect(errors).toEqual([])
  })

  it('shows answers that are in before home renders in its first render, without placeholders (360 px)', async () => {
    // At 360 px the demo announcement takes three lines, more than its placeholder holds.
    const { page, errors } = await open({ viewport: { width: 360, height: 740 } })
    // The app's scripts other than the entry (and the files it imports statically) wait until the
    // announcement and home's sections have answered: home then renders with both in (main.ts
    // asks for them alongside the session).
    const answered = (path: string) =>
      page.waitForResponse((response) => response.url().endsWith(path), { timeout: 15_000 })
    const reads = Promise.all([answered('/api/app/ping/announcement'), answered('/api/app/media/home')])
    let entryRead: (files: Set<string>) => void = () => {}
    const entryImports = new Promise<Set<string>>((resolve) => (entryRead = resolve))
    await page.route('**/assets/*.js', async (route) => {
      const url = route.request().url()
      const file = url.slice(url.lastIndexOf('/') + 1)
      if (/^index-[^/]*\.js$/.test(file)) {
        const response = await route.fetch()
        const body = await response.text()
        entryRead(new Set(Array.from(body.matchAll(/from"\.\/([^"]+\.js)"/g), (match) => match[1]!)))
        return route.fulfill({ response, body })
      }
      if (!(await entryImports).has(file)) await reads
      await route.continue()
    })
    await page.addInitScript(() => {
      const seen = window as unknown as { placeholders: string[] }
      seen.placeholders = []
      new MutationObserver(() => {
        if (document.querySelector('.announcement .skeleton')) seen.placeholders.push('announcement')
        // The catalogue's loading state: a section without a header.
        if (document.querySelector('.home-section:not(:has(> .home-section__header))'))
          seen.placeholders.push('sections')
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(`${baseUrl}/`)
    await page.locator('.announcement__title').waitFor()
    await page.locator('.home-section__header').first().waitFor()
    expect(await page.evaluate(() => (window as unknown as { placeholders: string[] }).placeholders)).toEqual([])
    expect(errors).toEqual([])
  })
})

describe("home's first screen's fonts", () => {
  // 360: the narrowest phone we support (sizes hit their max() floors); 412: Lighthouse's phone.
  it.each([360, 412])(
    'are all warmed before the first render at %i px: every text style in view is listed',
    async (width) => {
      const { page, errors } = await open({ viewport: { width, height: 800 } })
      await page.goto(`${baseUrl}/`)
      await expect
        .poll(() => page.locator('.home-section').first().locator('.lazy-image[data-state="shown"]').count(), {
          timeout: COVERS_TIMEOUT_MS,
        })
        .toBeGreaterThan(0)
      const { inView, warmed } = await page.evaluate((styles) => {
        const key = (style: CSSStyleDeclaration) => `${style.fontSize} ${style.fontWeight}`
        const inView = new Set<string>()
        const walker = document.createTreeWalker(document.getElementById('root')!, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement!
          const box = element.getBoundingClientRect()
          const shown = node.textContent!.trim() !== '' && box.width > 0 && box.top < innerHeight && box.bottom > 0
          if (shown && getComputedStyle(element).visibility === 'visible') inView.add(key(getComputedStyle(element)))
        }
        // The styles as warmFonts writes them, resolved here against the page's own custom properties.
        const probe = document.createElement('span')
        document.body.append(probe)
        const warmed = styles.map(({ size, weight }) => {
          probe.style.fontSize = size
          probe.style.fontWeight = String(weight)
          return key(getComputedStyle(probe))
        })
        probe.remove()
        return { inView: [...inView], warmed }
      }, FIRST_SCREEN_TEXT_STYLES)
      expect(inView.length).toBeGreaterThan(4)
      expect(inView.filter((style) => !warmed.includes(style))).toEqual([])
      // The warm-up's hidden lines are gone once done.
      expect(await page.locator('[data-font-warmup]').count()).toBe(0)
      expect(errors).toEqual([])
    },
  )
})
