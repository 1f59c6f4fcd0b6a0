import { t as pages } from './messages-pages.ts'

/** The creator lists' strings: /mine/myFollow and /subpage/upRank (see messages.ts for why they live here). */
const zhCN = {
  creators: {
    follow: '关注',
    followed: '已关注',
    followName: (nickname: string) => `关注 ${nickname}`,
    unfollowName: (nickname: string) => `取消关注 ${nickname}`,
    followers: (count: string) => `${count} 粉丝`,
    posts: (count: string) => `${count} 帖子`,
    noIntro: '这个人很懒，什么都没有写',
    followFailed: '操作失败，请稍后重试',
    emptyFollowed: '还没有关注任何创作者',
    findCreators: '去看看创作者排行',
    rank: (rank: number) => `第 ${rank} 名`,
    periods: { week: '周榜', month: '月榜', all: '总榜' },
    orders: { followers: '粉丝', likes: '获赞', income: '收益' },
    periodLabel: '榜单周期',
    orderLabel: '排序方式',
    value: {
      followers: (count: string) => `${count} 粉丝`,
      likes: (count: string) => `${count} 获赞`,
      income: (amount: string) => `${amount} 钻石`,
    },
    emptyRank: '这一期还没有上榜的创作者',
    search: '搜索创作者',
    searchPlaceholder: '输入昵称',
    searchButton: '搜索',
    searchTooLong: (max: number) => `昵称最多 ${max} 个字`,
    searchResults: (keyword: string) => `“${keyword}”的搜索结果`,
    noResults: '没有找到相关创作者',
    backToRank: '返回排行',
  },
}

export const t = { ...pages, ...zhCN }
