import { describe, expect, it } from 'vitest'
import type { FaqEntry } from '../../../core/contracts/support.ts'
import { bigrams, matchFaq, normalise } from './faq-match.ts'

const entry = (id: number, question: string, keywords: string[]): FaqEntry => ({
  id,
  question,
  answer: `答案${id}`,
  keywords,
  suggested: false,
})

/** A few of the demo's entries (server/db/demo/support.ts). */
const FAQ = [
  entry(1, '怎么充值钻石？', ['充值', '钻石', '买钻石', '付款', '支付']),
  entry(2, '充值后钻石没有到账怎么办？', ['没到账', '未到账', '到账', '订单', '扣款', '充值失败']),
  entry(3, '如何开通 VIP 会员？', ['vip', '会员', '开通', '至尊', '暗夜', '会员卡']),
  entry(4, '视频无法播放或一直卡顿怎么办？', ['播放', '卡顿', '加载', '黑屏', '线路', '看不了', '缓冲']),
  entry(5, '兑换码怎么使用？', ['兑换码', '兑换', '激活码', '礼包码', '卡密']),
  entry(6, '帖子审核要多久？', ['审核', '多久', '未通过', '帖子', '驳回']),
  entry(7, '如何注销账号？', ['注销', '删除账号', '销户', '退出']),
]

const best = (question: string) => matchFaq(question, FAQ)[0]?.entry.id ?? null

describe('normalise and bigrams', () => {
  it('keeps letters and digits, folds width and case, drops question words', () => {
    expect(normalise('请问 怎么 充值？！')).toBe('充值')
    expect(normalise('ＶＩＰ会员 ２ 天')).toBe('vip会员2天')
  })

  it('cuts overlapping pairs; one character stands for itself; nothing for nothing', () => {
    expect([...bigrams('充值钻石')]).toEqual(['充值', '值钻', '钻石'])
    expect([...bigrams('退')]).toEqual(['退'])
    expect(bigrams('').size).toBe(0)
  })
})

describe('matchFaq', () => {
  it.each([
    ['怎么充值', 1],
    ['充值没到账', 2],
    ['钱扣了钻石没到账怎么办', 2],
    ['怎么开vip', 3],
    ['ＶＩＰ多少钱', 3],
    ['视频看不了', 4],
    ['一直在加载', 4],
    ['兑换码在哪里输入', 5],
    ['我的帖子审核多长时间', 6],
    ['我要注销账号', 7],
  ])('%s → entry %i', (question, id) => {
    expect(best(question)).toBe(id)
  })

  it.each(['asdfghjkl', '今天天气不错', '？？？', '', '怎么办'])('%j matches nothing', (question) => {
    expect(matchFaq(question, FAQ)).toEqual([])
  })

  it('ranks every fitting entry, best first, ties in the FAQ order', () => {
    const ids = matchFaq('充值钻石', FAQ).map((match) => match.entry.id)
    expect(ids.slice(0, 2)).toEqual([1, 2])
    const tie = matchFaq('x', [entry(8, '问', ['x']), entry(9, '问', ['x'])])
    expect(tie.map((match) => match.entry.id)).toEqual([8, 9])
  })
})
