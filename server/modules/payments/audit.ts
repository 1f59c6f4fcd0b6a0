import { sql } from 'drizzle-orm'
import type { AuditRule } from '../wallet/audit.ts'

/**
 * The payments rules of `wallet:audit`: every paid order produced exactly its rows (README.md,
 * "Ledger conventions") and every row of an order belongs to one that should have produced it.
 * They live here rather than in wallet/audit.ts because they are this module's conventions
 * (the wallet knows nothing of orders); the wallet's own rules run beside them.
 *
 * The rows an order must have are written once as SQL (`expected…`) and compared both ways:
 * an expected row missing or doubled is reported against the order, a row nothing expects is
 * reported as itself, so a credit without an order and an order without its credit both show.
 */

/** Wallet rows of paid and refunded diamond orders: the diamonds, the bonus (if any), the refund. */
const expectedWalletRows = sql`
  select o.id as order_id, o.order_no, o.user_id, o.state, 'recharge' as reason, o.diamonds::bigint as amount
  from payment_orders o where o.kind = 'diamonds' and o.state in ('paid', 'refunded')
  union all
  select o.id, o.order_no, o.user_id, o.state, 'recharge-bonus', o.bonus_diamonds::bigint
  from payment_orders o where o.kind = 'diamonds' and o.state in ('paid', 'refunded') and o.bonus_diamonds > 0
  union all
  select o.id, o.order_no, o.user_id, o.state, 'refund', -(o.diamonds::bigint + o.bonus_diamonds)
  from payment_orders o where o.kind = 'diamonds' and o.state = 'refunded'`

/** Membership rows of paid and refunded VIP orders: the extension, and the refund's shortening. */
const expectedVipRows = sql`
  select o.id as order_id, o.order_no, o.user_id, o.state, 'order' as reason, o.vip_tier as tier, o.vip_days as days
  from payment_orders o where o.kind = 'vip' and o.state in ('paid', 'refunded')
  union all
  select o.id, o.order_no, o.user_id, o.state, 'refund', o.vip_tier, -o.vip_days
  from payment_orders o where o.kind = 'vip' and o.state = 'refunded'`

/** Why an order row matches nothing expected, from its order (`o`, left-joined) and the row (`r`). */
const whyUnexpected = (kind: 'diamonds' | 'vip') => sql`
  case
    when o.id is null then 'no such order'
    when o.user_id <> r.user_id then format('the order is user %s''s', o.user_id)
    when o.kind <> ${kind} then format('the order is a %s order', o.kind)
    when o.state not in ('paid', 'refunded') then format('the order is %s', o.state)
    else format('order %s produces no such row', o.order_no)
  end`

/** Wallet reasons only orders write: such a row without an order is a credit from nowhere. */
const ORDER_REASONS = sql`('recharge', 'recharge-bonus', 'refund')`
/**
 * Rows other modules write about an order, to someone else than its buyer, each checked by
 * that module's rules: an inviter's share of a top-up (invitations/audit.ts).
 */
const OTHER_MODULES_ORDER_REASONS = sql`('invite-share')`

export const PAYMENTS_RULES: AuditRule[] = [
  {
    rule:
      'every paid or refunded diamond order has exactly one recharge row of its diamonds, one recharge-bonus row ' +
      'of its bonus when it has one, and when refunded one refund row of both',
    violations: (limit) => sql`
      select format('order %s (#%s, user %s, %s): %s %s row(s) of %s, expected 1',
          e.order_no, e.order_id, e.user_id, e.state, count(l.id), e.reason, e.amount) as line
      from (${expectedWalletRows}) e
      left join wallet_ledger l on l.ref_type = 'order' and l.ref_id = e.order_id
        and l.reason = e.reason and l.amount = e.amount and l.user_id = e.user_id
      group by e.order_id, e.order_no, e.user_id, e.state, e.reason, e.amount
      having count(l.id) <> 1
      order by e.order_id, e.reason
      limit ${limit}`,
  },
  {
    rule:
      'every wallet row of an order (or with an order-only reason) is one its order produced: an existing, ' +
      'paid or refunded diamond order of the same user',
    violations: (limit) => sql`
      select format('row #%s of user %s: %s %s, ref %s #%s: %s',
          r.id, r.user_id, r.reason, r.amount, coalesce(r.ref_type, '-'), coalesce(r.ref_id::text, '-'),
          case when r.ref_type is distinct from 'order' then 'an order-only reason without an order'
            else ${whyUnexpected('diamonds')} end) as line
      from wallet_ledger r
      left join payment_orders o on r.ref_type = 'order' and o.id = r.ref_id
      where ((r.ref_type = 'order' and r.reason not in ${OTHER_MODULES_ORDER_REASONS}) or r.reason in ${ORDER_REASONS})
        and not exists (
          select 1 from (${expectedWalletRows}) e
          where r.ref_type = 'order' and e.order_id = r.ref_id and e.reason = r.reason
            and e.amount = r.amount and e.user_id = r.user_id
        )
      order by r.id
      limit ${limit}`,
  },
  {
    rule:
      'every paid or refunded VIP order has exactly one membership row extending its tier by its days, and when ' +
      'refunded one refund row shortening it by as many',
    violations: (limit) => sql`
      select format('order %s (#%s, user %s, %s): %s %s row(s) of %s %s days, expected 1',
          e.order_no, e.order_id, e.user_id, e.state, count(v.id), e.reason, e.tier, e.days) as line
      from (${expectedVipRows}) e
      left join vip_ledger v on v.order_id = e.order_id and v.reason = e.reason
        and v.tier = e.tier and v.days = e.days and v.user_id = e.user_id
      group by e.order_id, e.order_no, e.user_id, e.state, e.reason, e.tier, e.days
      having count(v.id) <> 1
      order by e.order_id, e.reason
      limit ${limit}`,
  },
  {
    rule:
      'every membership row of an order (reason order or refund) is one its order produced: an existing, paid ' +
      'or refunded VIP order of the same user',
    violations: (limit) => sql`
      select format('membership row #%s of user %s: %s %s %s days, order %s: %s',
          r.id, r.user_id, r.reason, r.tier, r.days, coalesce(r.order_id::text, '-'),
          case when r.order_id is null then 'an order''s reason without an order'
            else ${whyUnexpected('vip')} end) as line
      from vip_ledger r
      left join payment_orders o on o.id = r.order_id
      where (r.order_id is not null or r.reason in ('order', 'refund'))
        and not exists (
          select 1 from (${expectedVipRows}) e
          where e.order_id = r.order_id and e.reason = r.reason and e.tier = r.tier
            and e.days = r.days and e.user_id = r.user_id
        )
      order by r.id
      limit ${limit}`,
  },
]
