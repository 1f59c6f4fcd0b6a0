import { count } from 'drizzle-orm'
import type { Contact } from '../../../core/contracts/support.ts'
import type { Db } from '../client.ts'
import { appConfig } from '../schema/ping.ts'
import { faqEntries } from '../schema/support.ts'

/**
 * The customer-service channels (`ping/contact`, the app_config row `contact`). The demo has no
 * live-chat vendor, so the online service is the FAQ assistant: an app path opens inside the app
 * and never carries the session token. An operator with a chat page on their own LAND domain sets
 * its https URL instead, and the app adds the token there only (SPEC §4). Group links use the
 * reserved `.example` domain: they are drawn as QR codes and nothing ever fetches them.
 */
export const DEMO_CONTACT: Contact = {
  channels: [
    { name: '客服邮箱', url: 'mailto:support@marquee.example', note: '每天 9:00–23:00，一般 24 小时内回复' },
    { name: '意见反馈', url: '/mine/problemFeedback', note: '描述问题并附上截图，客服会在「我的反馈」里回复你' },
    { name: '官方交流群', url: '/mine/officialGroup', note: '加入官方群，第一时间获取活动和更新' },
  ],
  onlineUrl: '/mine/setting/autokf',
  groups: [
    { name: 'Marquee 官方交流群', url: 'https://group.marquee.example/official' },
    { name: 'Marquee 影迷讨论群', url: 'https://group.marquee.example/movies' },
  ],
  recruitment: {
    title: '创作者招募',
    text:
      '我们正在寻找热爱影视的创作者：影评、解说、剪辑、摄影都欢迎。\n' +
      '入驻即享优先推荐和流量扶持，付费帖子收益按平台分成比例结算。\n' +
      '请附上你的作品链接和社区昵称，我们会在 3 个工作日内联系你。',
    contact: 'recruit@marquee.example',
  },
}

type DemoFaq = { question: string; answer: string; keywords: string[]; suggested?: boolean }

/** The FAQ assistant's entries (aicustomerservice/list), in the order they are shown. */
export const DEMO_FAQ: DemoFaq[] = [
  {
    question: '怎么充值钻石？',
    answer: '进入「我的 → 钻石充值」，选择套餐和支付方式后按提示付款，付款成功后钻石会自动到账。',
    keywords: ['充值', '钻石', '买钻石', '付款', '支付'],
    suggested: true,
  },
  {
    question: '充值后钻石没有到账怎么办？',
    answer:
      '支付结果通常在 1 分钟内同步。请先在「我的 → 充值记录」查看订单状态；若已付款但仍显示待支付，请通过「意见反馈」选择「充值问题」并附上支付截图，我们会尽快处理。',
    keywords: ['没到账', '未到账', '到账', '订单', '扣款', '充值失败'],
    suggested: true,
  },
  {
    question: '如何开通 VIP 会员？',
    answer: '进入「我的 → 开通会员」，选择会员卡（普通、至尊、暗夜）并完成支付即可开通，有效期从支付成功时开始计算。',
    keywords: ['vip', '会员', '开通', '至尊', '暗夜', '会员卡'],
    suggested: true,
  },
  {
    question: '视频无法播放或一直卡顿怎么办？',
    answer:
      '请先检查网络，然后在播放页切换线路；仍然不行可以清除缓存后重新打开应用。如果是会员或付费视频，请确认会员有效或已购买。',
    keywords: ['播放', '卡顿', '加载', '黑屏', '线路', '看不了', '缓冲'],
    suggested: true,
  },
  {
    question: '如何找回账号？',
    answer:
      '绑定过手机号的账号可以用「手机号登录」找回；保存过账号凭证的，在「设置 → 扫描凭证」扫描凭证二维码即可登录。建议尽快在「我的 → 账号凭证」保存凭证。',
    keywords: ['找回', '账号', '凭证', '丢失', '换手机', '登录不了', '二维码'],
    suggested: true,
  },
  {
    question: '邀请好友有什么奖励？',
    answer:
      '在「我的 → 分享」复制邀请链接或保存海报，好友注册后你可获得积分，好友每次充值你还能获得一定比例的钻石分成。',
    keywords: ['邀请', '好友', '推广', '分享', '奖励', '邀请码'],
  },
  {
    question: '积分怎么获得？',
    answer: '在「福利」页完成每日签到、观看视频、分享、发帖等任务即可领取积分；累计积分还能提升等级。',
    keywords: ['积分', '签到', '任务', '福利', '等级'],
  },
  {
    question: '兑换码怎么使用？',
    answer: '进入「福利 → 兑换」，在兑换码输入框中填写兑换码并点击兑换，奖励会立即发放到你的账号。',
    keywords: ['兑换码', '兑换', '激活码', '礼包码', '卡密'],
  },
  {
    question: '如何发帖？',
    answer: '在社区页点击右下角的发布按钮，填写内容、选择分类，可添加最多 9 张图片或 1 个视频，提交后等待审核即可。',
    keywords: ['发帖', '发布', '帖子', '社区', '上传'],
  },
  {
    question: '帖子审核要多久？',
    answer: '帖子一般会在 24 小时内审核完成，审核结果会通过消息通知你；未通过的帖子可在「我的帖子」中查看原因。',
    keywords: ['审核', '多久', '未通过', '帖子', '驳回'],
  },
  {
    question: '如何联系人工客服？',
    answer: '进入「设置 → 客服」，可以选择在线客服、加入官方交流群或提交意见反馈，我们会尽快回复。',
    keywords: ['人工', '客服', '联系', '投诉', '电话'],
    suggested: true,
  },
  {
    question: '如何注销账号？',
    answer:
      '注销后账号的钻石、会员和积分将全部清空且无法恢复。如确认注销，请通过「意见反馈」选择「其他」并注明“注销账号”，客服核实后为你处理。',
    keywords: ['注销', '删除账号', '销户', '退出'],
  },
]

/** The FAQ into an empty table, and the contact row when absent; an operator's edits are kept. */
export async function seedDemoSupport(db: Db, now: Date) {
  await db.insert(appConfig).values({ key: 'contact', value: DEMO_CONTACT, updatedAt: now }).onConflictDoNothing()
  const [existing] = await db.select({ n: count() }).from(faqEntries)
  if ((existing?.n ?? 0) > 0) return
  await db.insert(faqEntries).values(
    DEMO_FAQ.map((entry, i) => ({
      question: entry.question,
      answer: entry.answer,
      keywords: entry.keywords,
      suggested: entry.suggested ?? false,
      sort: i + 1,
    })),
  )
}
