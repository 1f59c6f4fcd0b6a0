import { t as shell } from './messages-pages.ts'

/** The browse strings (see messages.ts for why they live here). */
const zhCN = {
  browse: {
    latest: '最新',
    hot: '最热',
    sort: '排序',
    videoCount: (count: string) => `${count}个视频`,
    relatedTags: '相关标签',
    missingTopic: '没有找到这个专题',
    missingTag: '没有找到这个标签',
    topic: '专题',
    tag: '标签',
    collections: '合集',
    published: '最新发布',
    recommend: '推荐',
    episodes: (count: string) => `共${count}集`,
    searchPlaceholder: '搜索视频、标签、演员',
    searchLabel: '搜索关键词',
    search: '搜索',
    clear: '清除',
    cancel: '取消',
    history: '搜索历史',
    clearHistory: '清空',
    clearHistoryLabel: '清空搜索历史',
    clearHistoryConfirm: '确定清空全部搜索历史吗？',
    confirm: '确定',
    hotKeywords: '热门搜索',
    hotVideos: '热门视频',
    noHotKeywords: '暂无热门搜索',
    needsNetwork: '搜索需要联网，请连接网络后再试',
    keywordRequired: '请输入搜索内容',
    resultsFor: (keyword: string) => `“${keyword}”的搜索结果`,
    noResults: '没有找到相关内容',
    tryHot: '试试这些热门搜索：',
  },
}

export const t = { ...shell, ...zhCN }
