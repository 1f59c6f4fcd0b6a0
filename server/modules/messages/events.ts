import { MessageType } from '../../../core/contracts/messages.ts'
import { formatMoney } from '../../../core/format/money.ts'
import type { NewMessage } from './write.ts'

/**
 * What each event tells its user, worded once here (the events' modules call these and pass
 * the result to writeMessage inside their own transactions). Texts are for the app: Chinese.
 */

/** Characters of a post's or comment's text a message quotes. */
const QUOTED_CHARACTERS = 30

/** Someone as a message names them: a guest without a nickname is 游客<id>, as user/info shows them. */
export interface Actor {
  id: number
  nickname: string
}

const nameOf = (actor: Actor) => actor.nickname || `游客${actor.id}`

/** The first characters of a text on one line. */
export function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  const characters = Array.from(flat)
  return characters.length > QUOTED_CHARACTERS ? `${characters.slice(0, QUOTED_CHARACTERS).join('')}…` : flat
}

export const postLink = (postId: number) => `/community/postDetail?id=${postId}`
export const ORDERS_LINK = '/mine/rechargeRecord'
export const INVITATION_LINK = '/mine/invitation'

/** A comment on the recipient's post, or a reply to the recipient's comment. */
export function commentMessage(input: {
  recipientId: number
  actor: Actor
  postId: number
  commentId: number
  content: string
  /** The recipient's comment was answered (else their post was commented on). */
  isReply: boolean
}): NewMessage {
  return {
    userId: input.recipientId,
    type: MessageType.Reply,
    title: input.isReply ? '收到新回复' : '收到新评论',
    body: `${nameOf(input.actor)}${input.isReply ? '回复了你的评论' : '评论了你的帖子'}：${quote(input.content)}`,
    link: postLink(input.postId),
    ref: { type: 'comment', id: input.commentId },
    actorId: input.actor.id,
  }
}

/** A like on the recipient's post or comment (told once per liker and target). */
export function likeMessage(input: {
  recipientId: number
  actor: Actor
  target: { type: 'post' | 'comment'; id: number; postId: number; content: string }
}): NewMessage {
  const { target } = input
  return {
    userId: input.recipientId,
    type: MessageType.Like,
    title: '收到新点赞',
    body: `${nameOf(input.actor)}赞了你的${target.type === 'post' ? '帖子' : '评论'}：${quote(target.content)}`,
    link: postLink(target.postId),
    ref: { type: target.type, id: target.id },
    actorId: input.actor.id,
  }
}

export type ModerationOutcome =
  { kind: 'approved' } | { kind: 'rejected'; reason: string } | { kind: 'post-removed' } | { kind: 'comment-removed' }

/** An operator's decision on the recipient's post or comment. */
export function moderationMessage(input: {
  recipientId: number
  postId: number
  /** The post's id for a post's outcome, the comment's for a removed comment. */
  ref: { type: 'post' | 'comment'; id: number }
  content: string
  outcome: ModerationOutcome
}): NewMessage {
  const quoted = quote(input.content)
  const base = { userId: input.recipientId, type: MessageType.Moderation, ref: input.ref }
  switch (input.outcome.kind) {
    case 'approved':
      return { ...base, title: '帖子审核通过', body: `你的帖子已发布：${quoted}`, link: postLink(input.postId) }
    case 'rejected':
      return {
        ...base,
        title: '帖子未通过审核',
        body: `原因：${input.outcome.reason}（${quoted}）`,
        link: postLink(input.postId),
      }
    case 'post-removed':
      // A removed post opens for nobody: the message leads nowhere.
      return { ...base, title: '帖子已被删除', body: `你的帖子因违反社区规定已被删除：${quoted}`, link: '' }
    case 'comment-removed':
      return {
        ...base,
        title: '评论已被删除',
        body: `你的评论因违反社区规定已被删除：${quoted}`,
        link: postLink(input.postId),
      }
  }
}

/** A paid order of the recipient: what it bought has been delivered. */
export function orderPaidMessage(order: { id: number; userId: number; orderNo: string; title: string }): NewMessage {
  return {
    userId: order.userId,
    type: MessageType.Order,
    title: '支付成功',
    body: `订单 ${order.orderNo}：${order.title} 已到账`,
    link: ORDERS_LINK,
    ref: { type: 'order', id: order.id },
  }
}

/** The inviter's reward for an invitee who became an account. */
export function inviteRegisteredMessage(input: { inviterId: number; invitee: Actor; points: number }): NewMessage {
  return {
    userId: input.inviterId,
    type: MessageType.Reward,
    title: '邀请奖励',
    body: `你邀请的${nameOf(input.invitee)}完成了注册，奖励 ${input.points} 积分`,
    link: INVITATION_LINK,
    ref: { type: 'invite', id: input.invitee.id },
  }
}

/** The inviter's share of an invitee's top-up (diamonds in cents). */
export function inviteShareMessage(input: {
  inviterId: number
  invitee: Actor
  orderId: number
  diamonds: number
}): NewMessage {
  return {
    userId: input.inviterId,
    type: MessageType.Reward,
    title: '邀请分成',
    body: `你邀请的${nameOf(input.invitee)}充值了钻石，分成 ${formatMoney(input.diamonds)} 钻石`,
    link: INVITATION_LINK,
    ref: { type: 'order', id: input.orderId },
  }
}
