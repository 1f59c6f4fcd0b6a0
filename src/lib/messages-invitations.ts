import { t as shell } from './messages-pages.ts'

/** The invitation and share-poster strings (see messages.ts for why they live here). */
const zhCN = {
  invite: {
    codeTitle: '我的邀请码',
    linkTitle: '邀请链接',
    copyCode: '复制邀请码',
    copyLink: '复制链接',
    codeCopied: '邀请码已复制',
    linkCopied: '链接已复制',
    copyFailed: '复制失败，请长按手动复制',
    toShare: '生成分享海报',
    incomeTitle: '邀请收益',
    invitees: '邀请人数',
    registered: '已注册',
    diamonds: '钻石收益',
    points: '积分收益',
    inviteesTitle: '我邀请的人',
    noInvitees: '还没有邀请到好友，快去分享吧',
    registeredMark: '已注册',
    guestMark: '游客',
    earned: (diamonds: string, points: number) => `钻石 ${diamonds} · 积分 ${points}`,
    joinedAt: (date: string) => `加入于 ${date}`,
    bindTitle: '填写邀请人的邀请码',
    bindLabel: '邀请码',
    bindPlaceholder: '请输入邀请码',
    bind: '绑定',
    binding: '正在绑定…',
    bound: (nickname: string) => `已绑定邀请人：${nickname}`,
    noLink: '暂时无法生成邀请链接',
    // Poster
    posterLine: '扫码下载，海量精彩视频免费看',
    posterCode: (code: string) => `邀请码：${code}`,
    posterLabel: (code: string) => `邀请海报：二维码和邀请码 ${code}`,
    fileName: (code: string) => `marquee-invite-${code}.png`,
    save: '保存图片',
    saved: '海报已保存',
    saveFailed: '保存失败，请截图保存',
    share: '分享',
    shareTitle: '邀请你一起看',
  },
}

export const t = { ...shell, ...zhCN }
