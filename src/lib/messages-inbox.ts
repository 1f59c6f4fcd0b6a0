import type { MessageType } from '../../core/contracts/messages.ts'
import { t as shell } from './messages-pages.ts'

/** The message centre's strings (see messages.ts for why they live here). */
const zhCN = {
  inbox: {
    types: {
      system: '系统通知',
      reply: '评论回复',
      like: '点赞',
      moderation: '审核结果',
      order: '订单',
      reward: '奖励',
      feedback: '反馈回复',
    } satisfies Record<MessageType, string>,
    tabsLabel: '消息类型',
    tabLabel: (name: string, unread: number) => (unread > 0 ? `${name}（${unread}条未读）` : name),
    empty: '暂无消息',
    unreadMark: '未读',
  },
}

export const t = { ...shell, ...zhCN }
