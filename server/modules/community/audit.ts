import { sql } from 'drizzle-orm'
import type { AuditRule } from '../wallet/audit.ts'

/**
 * The community's rules of `wallet:audit`: every post purchase produced exactly its ledger rows
 * (README.md, "Money") and every ledger row about a post belongs to a purchase that produced
 * it. As in payments/audit.ts, the rows purchases must have are written once as SQL and compared
 * both ways. An author credited by many buyers of one post has as many identical rows, so rows
 * are compared as counts per (user, post, reason, amount).
 */

/** The ledger rows post purchases produce: the buyer's debit, the author's share when above 0. */
const expectedRows = sql`
  select p.user_id, p.post_id, 'post' as reason, -p.price::bigint as amount, count(*) as n
  from post_purchases p group by p.user_id, p.post_id, p.price
  union all
  select p.author_id, p.post_id, 'creator-share', p.author_share::bigint, count(*)
  from post_purchases p where p.author_share > 0 group by p.author_id, p.post_id, p.author_share`

/** Ledger reasons only post purchases write: such a row without a post is money from nowhere. */
const POST_REASONS = sql`('post', 'creator-share')`

export const COMMUNITY_RULES: AuditRule[] = [
  {
    rule:
      'each post purchase has exactly one buyer debit of its price (reason post) and, when its author_share is ' +
      'above 0, one author credit of that share (reason creator-share), both with ref post',
    violations: (limit) => sql`
      select format('post %s, user %s: %s %s row(s) of %s, expected %s',
          e.post_id, e.user_id, count(l.id), e.reason, e.amount, e.n) as line
      from (${expectedRows}) e
      left join wallet_ledger l on l.ref_type = 'post' and l.ref_id = e.post_id
        and l.user_id = e.user_id and l.reason = e.reason and l.amount = e.amount
      group by e.user_id, e.post_id, e.reason, e.amount, e.n
      having count(l.id) <> e.n
      order by e.post_id, e.user_id, e.reason
      limit ${limit}`,
  },
  {
    rule: 'every wallet row that refers to a post (or has a post reason) is one a purchase of that post produced',
    violations: (limit) => sql`
      select format('row #%s of user %s: %s %s, ref %s #%s: no purchase of the post produces it',
          r.id, r.user_id, r.reason, r.amount, coalesce(r.ref_type, '-'), coalesce(r.ref_id::text, '-')) as line
      from wallet_ledger r
      where (r.ref_type = 'post' or r.reason in ${POST_REASONS})
        and not exists (
          select 1 from (${expectedRows}) e
          where r.ref_type = 'post' and e.post_id = r.ref_id and e.user_id = r.user_id
            and e.reason = r.reason and e.amount = r.amount
        )
      order by r.id
      limit ${limit}`,
  },
  {
    rule: "each post purchase credits the post's author, who is not its buyer",
    violations: (limit) => sql`
      select format('purchase #%s of post %s by user %s: %s', p.id, p.post_id, p.user_id,
          case when po.author_id <> p.author_id then format('credits user %s, the post is user %s''s', p.author_id, po.author_id)
            else 'the buyer is its author' end) as line
      from post_purchases p join posts po on po.id = p.post_id
      where po.author_id <> p.author_id or p.user_id = p.author_id
      order by p.id
      limit ${limit}`,
  },
]
