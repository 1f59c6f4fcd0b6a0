import type { Drawing, Scene } from '../../modules/images/draw.ts'
import { SCENES } from '../../modules/images/draw.ts'

/**
 * The demo catalogue as plain data, made from index arithmetic so every start seeds the same
 * thing: enough of everything for several pages of every list, free, VIP and paid items,
 * long and short videos, ties in nothing but ids.
 */

const DEMO_VIDEO_COUNT = 72

export const DEMO_TAGS = ['风景', '美食', '旅行', '城市', '自然', '音乐', '运动', '生活', '手工', '萌宠']

export interface DemoTopic {
  name: string
  description: string
  onHome: boolean
  homeStyle: 1 | 2
}

export const DEMO_TOPICS: DemoTopic[] = [
  { name: '本周热门', description: '这一周大家都在看的内容', onHome: true, homeStyle: 2 },
  { name: '治愈风景', description: '山川湖海，给眼睛放个假', onHome: true, homeStyle: 1 },
  { name: '城市漫游', description: '用脚步丈量每一座城市', onHome: true, homeStyle: 1 },
  { name: '美食地图', description: '从街头小吃到私房好菜', onHome: true, homeStyle: 1 },
  { name: '短片精选', description: '一分钟的好故事', onHome: false, homeStyle: 1 },
  { name: '新人推荐', description: '新晋创作者的用心之作', onHome: false, homeStyle: 1 },
]

export const DEMO_ACTORS = ['林小雨', '陈大海', '苏晴', '王一舟', '周小北', '李青禾', '赵星河', '许墨']

export interface DemoCollection {
  name: string
  description: string
  /** Diamonds in cents. */
  price: number
}

export const DEMO_COLLECTIONS: DemoCollection[] = [
  { name: '海岛日记', description: '一个夏天，七座小岛，一路向南。', price: 0 },
  { name: '城市夜行', description: '当城市睡去，另一面才刚刚醒来。', price: 500 },
  { name: '四季厨房', description: '跟着节气做一桌家常菜。', price: 0 },
  { name: '山野骑行', description: '两个轮子，翻过一座又一座山。', price: 1200 },
]

const PLACES = [
  '夏日海边',
  '山间小镇',
  '城市夜景',
  '古镇小巷',
  '雪山脚下',
  '江南水乡',
  '草原深处',
  '沙漠绿洲',
  '海岛清晨',
  '森林湖畔',
  '樱花街道',
  '老街市集',
]
const THEMES = ['旅行', '慢生活', '美食探店', '骑行记录', '日出延时', '露营一夜']
const LINES = [
  '镜头跟着风走，记录下最安静的一刻。',
  '没有剧本，只有真实的声音和光。',
  '适合在睡前慢慢看完。',
  '每一帧都可以当作壁纸。',
  '带上耳机，效果更好。',
  '拍摄于一个普通的周末。',
]

export interface DemoVideo {
  contentType: 1 | 2
  title: string
  description: string
  duration: number
  playCount: number
  likeCount: number
  price: number
  vip: 0 | 1 | 2 | 3
  /** Index into DEMO_COLLECTIONS. */
  collection: number | null
  publishedAt: Date
  tags: number[]
  topics: number[]
  actors: number[]
  cover: Drawing
}

/** A deterministic spread of counts (a multiplicative hash of the index). */
const spread = (i: number, salt: number, max: number) => (((i + 1) * 2654435761 + salt * 40503) >>> 0) % max

export function demoVideos(now: Date): DemoVideo[] {
  return Array.from({ length: DEMO_VIDEO_COUNT }, (_, i) => {
    const short = i % 3 === 2
    // Within each block of 12, 5i mod 12 visits every place once: titles never repeat.
    const title = `${PLACES[(i * 5) % PLACES.length]}的${THEMES[Math.floor(i / PLACES.length) % THEMES.length]}`
    const playCount = 50 + Math.floor(spread(i, 1, 2_000_000) / ((i % 4) + 1))
    const topics = [short ? 4 : i % 4]
    if (i % 4 !== 0 && !short) topics.push(0)
    if (i >= DEMO_VIDEO_COUNT - 12) topics.push(5)
    const shape = short
      ? { width: 360, height: 480 }
      : i % 4 === 3
        ? { width: 800, height: 450 }
        : { width: 640, height: 360 }
    return {
      contentType: short ? 2 : 1,
      title,
      description: `${title}。${LINES[i % LINES.length]}${LINES[(i + 3) % LINES.length]}`,
      duration: short ? 15 + spread(i, 2, 75) : 300 + spread(i, 3, 3300),
      playCount,
      likeCount: Math.floor(playCount / (8 + (i % 25))),
      price: i % 7 === 3 ? 100 * (1 + (i % 5)) : 0,
      vip: i % 13 === 6 ? 3 : i % 11 === 4 ? 2 : i % 5 === 1 ? 1 : 0,
      collection: !short && i % 6 === 0 ? (i / 6) % DEMO_COLLECTIONS.length : null,
      // Newest first is index order, 5 to 9 hours apart, so every list has a stable spread.
      publishedAt: new Date(now.getTime() - 600_000 - i * 5 * 3600_000 - spread(i, 4, 4 * 3600_000)),
      tags: [...new Set([i % DEMO_TAGS.length, (i * 3 + 1) % DEMO_TAGS.length, ...(i % 3 === 0 ? [7] : [])])],
      topics,
      actors: [...new Set([i % DEMO_ACTORS.length, ...(i % 4 === 0 ? [(i + 3) % DEMO_ACTORS.length] : [])])],
      cover: {
        ...shape,
        hue: (i * 47) % 360,
        scene: SCENES[i % SCENES.length] as Scene,
        play: true,
        format: short ? 'webp' : 'jpeg',
      },
    }
  })
}

export const topicDrawing = (i: number): Drawing => ({
  width: 640,
  height: 274,
  hue: (i * 61 + 15) % 360,
  scene: SCENES[(i + 2) % SCENES.length] as Scene,
  format: 'webp',
})

export const actorDrawing = (i: number): Drawing => ({
  width: 200,
  height: 200,
  hue: (i * 83 + 40) % 360,
  scene: 'bubbles',
  format: 'webp',
})

export const collectionDrawing = (i: number): Drawing => ({
  width: 480,
  height: 480,
  hue: (i * 97 + 200) % 360,
  scene: SCENES[(i + 1) % SCENES.length] as Scene,
  format: 'jpeg',
})
