/**
 * Every UI string lives in src/lib/messages*.ts. Another language is another object
 * of type `Messages` (and of each area file's shape); `t` is the one in use.
 *
 * This file holds what the shell and home need at first paint. The sections of pages loaded on
 * demand live in messages-<area>.ts, each exporting a `t` that extends this one, so a screen
 * imports one `t` and their text stays out of the first visit's JavaScript (docs/first-visit.md).
 */
const zhCN = {
  appName: 'Marquee',
  common: {
    back: '返回',
    retry: '重试',
    loading: '加载中…',
    noMore: '没有更多了',
    goHome: '回到首页',
    reload: '重新加载',
  },
  http: {
    network: '网络连接失败，请检查网络后重试',
    timeout: '请求超时，请稍后重试',
    canceled: '请求已取消',
    badRequest: (status: number) => `请求出错（${status}），请稍后重试`,
    rejected: (code: number) => `请求校验失败（${code}），请检查设备时间后重试`,
    rateLimited: '操作太频繁，请稍后再试',
    badResponse: '服务器响应异常，请稍后重试',
    sessionExpired: '登录已失效，正在重新进入…',
    failed: '请求失败，请稍后重试',
  },
  session: {
    tooManyRegistrations: '注册次数过多',
    guestFailed: '生成游客失败！请联系在线客服',
  },
  errors: {
    title: '出错了',
    pageLoadFailed: '页面加载失败，请检查网络后重新加载',
    notFoundTitle: '页面不存在',
    notFoundHint: '你访问的页面不存在或已下线。',
  },
  tabs: {
    home: '首页',
    shorts: '短视频',
    community: '社区',
    welfare: '福利',
    mine: '我的',
    nav: '主导航',
    /** Read after a tab's name where it has unread messages (the badge). */
    unread: (count: number) => `${count}条未读消息`,
  },
  home: {
    announcement: '公告',
    noAnnouncement: '暂无公告',
    catalogue: '精彩内容即将上线',
  },
  mine: {
    title: '我的',
    userId: 'ID',
    vipNone: '未开通会员',
    expiresAt: (date: string) => `到期时间：${date}`,
    guest: '游客',
    settings: '设置',
  },
  update: {
    available: '发现新版本',
    action: '立即更新',
    later: '稍后',
    updating: '正在更新…',
  },
  offline: {
    banner: '当前处于离线状态，显示的是缓存内容',
  },
  list: {
    empty: '暂无内容',
    offlineData: '离线中，显示的是上次加载的内容',
  },
  catalogue: {
    more: '更多',
    recommend: '推荐',
    plays: (count: string) => `${count}次播放`,
    duration: (text: string) => `时长 ${text}`,
    vip: 'VIP',
    svip: 'SVIP',
    price: (amount: string) => `${amount}钻石`,
    free: '免费',
    videos: '视频列表',
  },
  ads: {
    carousel: '广告轮播',
    slide: (index: number, total: number) => `第 ${index} 张，共 ${total} 张`,
    goTo: (index: number) => `切换到第 ${index} 张`,
    icons: '推荐应用',
    floating: '活动',
    close: '关闭',
    ad: '广告',
  },
}

export type Messages = typeof zhCN

export const t: Messages = zhCN
