/**
 * Every UI string core/format produces, so another language is one more object of this type.
 * The UI is Simplified Chinese; these are its values.
 */
export interface FormatMessages {
  /** dayjs locale name used for dates. */
  dayjsLocale: string
  justNow: string
  minutesAgo: (n: number) => string
  hoursAgo: (n: number) => string
  daysAgo: (n: number) => string
  weeksAgo: (n: number) => string
  monthsAgo: (n: number) => string
  /** Count suffixes for 1e3, 1e4, 1e6, 1e8 and 1e12. */
  countUnits: { thousand: string; tenThousand: string; million: string; hundredMillion: string; trillion: string }
}

export const zhMessages: FormatMessages = {
  dayjsLocale: 'zh-cn',
  justNow: '刚刚',
  minutesAgo: (n) => `${n}分钟前`,
  hoursAgo: (n) => `${n}小时前`,
  daysAgo: (n) => `${n}天前`,
  weeksAgo: (n) => `${n}周前`,
  monthsAgo: (n) => `${n}个月前`,
  countUnits: { thousand: 'K', tenThousand: 'W', million: 'M', hundredMillion: 'Y', trillion: 'T' },
}
