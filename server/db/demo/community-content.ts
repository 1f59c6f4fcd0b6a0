/**
 * The demo community as plain data (community.ts writes it): six creators, a few readers,
 * posts in each of the five default categories (seed.ts's communityCategory ids 1–5), spread
 * over the last eight weeks so the ranking's week, month and all-time differ.
 */

export interface DemoPerson {
  nickname: string
  intro: string
}

export const DEMO_CREATORS: DemoPerson[] = [
  { nickname: '林间小鹿', intro: '喜欢拍清晨的光，也喜欢写点碎碎念。' },
  { nickname: '胶片阿哲', intro: '135 胶片爱好者，冲洗扫描全靠自己。' },
  { nickname: '深夜影评人', intro: '一周三部电影，只说真话。' },
  { nickname: '二次元研究所', intro: '新番、手办、圣地巡礼，一个都不能少。' },
  { nickname: '吐槽星人', intro: '生活处处是槽点，笑一笑就过去了。' },
  { nickname: '城市漫游者', intro: '用脚步丈量每一座城市。' },
]

/** Readers: guests who like, comment, follow and buy, but publish nothing (so no search finds them). */
export const DEMO_READERS = ['路过的猫', '今天也要早睡', '小南瓜', '阿木', '一只鲸鱼', '晚风']

/** One of the committed demo streams (server/db/demo/streams.ts) a video post plays. */
export type DemoPostStream = 'demo-01' | 'demo-02' | 'demo-03' | 'demo-06'

export interface DemoPost {
  /** Index into DEMO_CREATORS. */
  author: number
  /** communityCategory id. */
  category: 1 | 2 | 3 | 4 | 5
  content: string
  /** Drawn pictures, 0–9. */
  images: number
  video?: DemoPostStream
  /** Diamonds in cents. */
  price?: number
  /** Published this long ago; the pending post was written this long ago. */
  daysAgo: number
  pending?: boolean
  /** Readers (indexes into DEMO_READERS) who bought it, and how many days ago. */
  buyers?: { reader: number; daysAgo: number }[]
}

const lines = (...parts: string[]) => parts.join('\n')

export const DEMO_POSTS: DemoPost[] = [
  // 1 日常
  {
    author: 0,
    category: 1,
    daysAgo: 0.3,
    images: 3,
    content: '今天早起去菜市场，买到了最新鲜的豆腐和一把小葱。简单的一天从一碗热豆浆开始。',
  },
  {
    author: 4,
    category: 1,
    daysAgo: 1.5,
    images: 0,
    content: lines(
      '周末清单：',
      '1. 把阳台的花都换了盆',
      '2. 洗了积攒一周的衣服',
      '3. 给自己做了一顿番茄牛腩',
      '4. 看完了一本放了半年的书',
      '5. 晚上散步的时候遇到了一只很亲人的橘猫',
      '6. 睡前决定下周也要这样过',
      '普通的日子，也可以很好。',
    ),
  },
  { author: 5, category: 1, daysAgo: 4, images: 1, content: '下班路上的晚霞，拍的时候地铁刚好从桥上开过。' },
  { author: 0, category: 1, daysAgo: 9, images: 6, content: '整理了一下这个月的早餐，居然没有一天重样。' },
  { author: 1, category: 1, daysAgo: 20, images: 0, content: '换了一个新的杯子，喝水的次数都变多了。' },
  { author: 5, category: 1, daysAgo: 33, images: 2, content: '搬家第三天，终于把书架装好了。', video: 'demo-03' },
  // 2 影评
  {
    author: 2,
    category: 2,
    daysAgo: 0.8,
    images: 1,
    content: lines(
      '重看了一部老电影，有几点以前没注意到：',
      '开场的长镜头其实交代了所有人物关系；',
      '配乐在第二幕几乎完全消失，只留下环境声；',
      '结尾那场雨，和开头的晴天是对称的；',
      '主角从头到尾没有说过一次“再见”；',
      '最后一个镜头停留了整整四十秒。',
      '好电影值得看第二遍。',
    ),
  },
  {
    author: 2,
    category: 2,
    daysAgo: 3,
    images: 0,
    content: '这周的新片都看了，最推荐那部讲小镇邮递员的，安静又温柔。',
  },
  {
    author: 4,
    category: 2,
    daysAgo: 6,
    images: 2,
    content: '电影院里前排一直在打电话，我真的会谢。片子本身还不错，七分。',
  },
  {
    author: 2,
    category: 2,
    daysAgo: 14,
    images: 4,
    price: 300,
    video: 'demo-02',
    buyers: [
      { reader: 0, daysAgo: 1 },
      { reader: 2, daysAgo: 10 },
      { reader: 4, daysAgo: 12 },
    ],
    content: lines(
      '【付费长评】年度十佳片单，附每部的观影笔记和剧照。',
      '第一部：一个关于告别的故事，导演用了大量固定机位。',
      '第二部：节奏很慢，但最后二十分钟让人坐不住。',
      '第三部：今年最好的配乐，没有之一。',
      '第四部：改编得比原著更好，难得。',
      '第五部到第十部，以及拍摄地的小视频，解锁后可见。',
    ),
  },
  { author: 2, category: 2, daysAgo: 27, images: 0, content: '看完一部三个小时的电影，出来的时候天都黑了。值得。' },
  { author: 3, category: 2, daysAgo: 45, images: 3, content: '动画电影也可以很深刻，这部的每一帧都可以当壁纸。' },
  // 3 摄影
  { author: 1, category: 3, daysAgo: 0.5, images: 9, content: '新冲回来的一卷，过期胶片的颜色意外地好看。' },
  { author: 0, category: 3, daysAgo: 2, images: 4, content: '山里的清晨，雾还没有散。', video: 'demo-01' },
  {
    author: 1,
    category: 3,
    daysAgo: 8,
    images: 2,
    content: lines(
      '分享一下我的扫描流程：',
      '先用气吹把底片上的灰尘吹干净；',
      '放进底片夹，注意药面朝下；',
      '相机用微距镜头，光源放在底片下面；',
      '拍成 RAW，再在电脑上反相；',
      '最后微调色彩和对比度。',
      '有问题欢迎评论区问我。',
    ),
  },
  { author: 5, category: 3, daysAgo: 12, images: 5, content: '城市的另一面：凌晨四点的街道。' },
  {
    author: 1,
    category: 3,
    daysAgo: 18,
    images: 3,
    price: 100,
    buyers: [
      { reader: 1, daysAgo: 3 },
      { reader: 3, daysAgo: 16 },
    ],
    content: '【付费】这组海边的原片和参数，给想学胶片的朋友。',
  },
  { author: 0, category: 3, daysAgo: 40, images: 7, content: '秋天最后的银杏，明年再见。' },
  // 4 二次元
  { author: 3, category: 4, daysAgo: 0.2, images: 2, content: '这季新番追了五部，第三集就弃了两部，剩下的都很好看！' },
  { author: 3, category: 4, daysAgo: 5, images: 0, content: '有没有人一起去看下个月的漫展？', video: 'demo-06' },
  { author: 4, category: 4, daysAgo: 7, images: 1, content: '等了三个月的手办终于到了，可是盒子被压扁了……' },
  {
    author: 3,
    category: 4,
    daysAgo: 16,
    images: 8,
    content: lines(
      '圣地巡礼记录（上）：',
      '第一站，动画里的那个车站，真的一模一样；',
      '第二站，主角们放学走过的坡道；',
      '第三站，那家小小的面包店，还在营业；',
      '第四站，神社，许了一个愿；',
      '第五站，海边的堤坝，傍晚的光刚刚好。',
      '下篇写美食。',
    ),
  },
  { author: 0, category: 4, daysAgo: 24, images: 1, content: '第一次尝试画同人图，请大家轻喷。' },
  { author: 3, category: 4, daysAgo: 50, images: 3, content: '十年前的老番重温，画风一点都不过时。' },
  // 5 吐槽
  { author: 4, category: 5, daysAgo: 0.6, images: 0, content: '外卖备注了不要香菜，结果整碗都是香菜。' },
  { author: 4, category: 5, daysAgo: 2.5, images: 1, content: '楼上装修第十五天，电钻声已经成了我的闹钟。' },
  { author: 5, category: 5, daysAgo: 10, images: 0, content: '为什么地铁上总有人外放短视频？' },
  {
    author: 4,
    category: 5,
    daysAgo: 22,
    images: 2,
    content: lines(
      '本周迷惑行为大赏：',
      '周一，同事把咖啡倒进了打印机；',
      '周二，会议开了两个小时，结论是再开一次会；',
      '周三，快递显示已签收，签收人是“门口的石狮子”；',
      '周四，电梯里有人在背单词，声音很大；',
      '周五，终于到了周五。',
    ),
  },
  { author: 1, category: 5, daysAgo: 35, images: 0, content: '胶片涨价了，又涨价了。' },
  { author: 2, category: 5, daysAgo: 55, images: 0, content: '电影票越来越贵，爆米花比票还贵。' },
  // Waiting in the moderation queue (MODERATION=pre): moderation:queue lists it.
  { author: 5, category: 3, daysAgo: 0.1, images: 2, pending: true, content: '刚拍的夜景，等审核通过就能看到啦。' },
]

export const DEMO_COMMENTS = [
  '拍得真好！',
  '同感，说到心里去了',
  '求原图',
  '这个地方在哪里？',
  '哈哈哈哈哈',
  '已关注，期待更新',
  '收藏了，慢慢看',
  '太真实了',
]
export const DEMO_REPLIES = ['谢谢喜欢～', '下次带你去', '同问', '+1']
