import { sql } from 'drizzle-orm'
import { InviteReason } from '../invitations/repo.ts'
import { VipReason } from '../payments/vip.ts'
import { UnreferencedReason } from '../wallet/repo.ts'
import type { AuditRule } from '../wallet/audit.ts'
import { PointsRefType } from './points.ts'
import { ExchangeDebit, RewardSource } from './rewards.ts'

/**
 * Welfare's rules of `wallet:audit` (README.md, "Exactly once"): the points ledger adds up like
 * the wallet's, and every task claim, exchange and code use paid its reward exactly once in its
 * reward's ledger (points, wallet, membership), the exchange debited its price once, and every
 * ledger row of a welfare ref belongs to such a row; every points row's (ref, reason) and every
 * order-less membership row's reason is one a flow writes. Raw SQL names tables by hand
 * (server/db/README.md).
 */

const { TaskClaim, Exchange, CodeUse } = RewardSource

/** The reward each claim, exchange and code use must have paid (kind, amount or days, tier), at its time. */
const expectedRewards = sql`
  select ${TaskClaim.refType}::text as ref_type, c.id as ref_id, c.user_id, ${TaskClaim.reason}::text as reason,
    c.reward_kind, c.reward_amount::bigint as amount, c.reward_tier, c.created_at
  from task_claims c
  union all
  select ${Exchange.refType}, e.id, e.user_id, ${Exchange.reason}, e.reward_kind, e.reward_amount, e.reward_tier, e.created_at
  from redeem_exchanges e
  union all
  select ${CodeUse.refType}, u.id, u.user_id, ${CodeUse.reason}, k.reward_kind, k.reward_amount, k.reward_tier, u.created_at
  from redeem_code_uses u join redeem_codes k on k.id = u.code_id`

/** Rows the points and wallet ledgers must hold for welfare: the rewards of their kind, and each exchange's debit. */
const expectedLedgerRows = sql`
  select 'points' as ledger, ref_type, ref_id, user_id, reason, amount from (${expectedRewards}) r
  where r.reward_kind = 'points'
  union all
  select 'wallet', ref_type, ref_id, user_id, reason, amount from (${expectedRewards}) r
  where r.reward_kind = 'diamonds'
  union all
  select 'points', ${ExchangeDebit.refType}, e.id, e.user_id, ${ExchangeDebit.reason}, -e.price::bigint from redeem_exchanges e`

const WELFARE_REF_TYPES = sql`(${TaskClaim.refType}, ${Exchange.refType}, ${CodeUse.refType})`
const WELFARE_VIP_REASONS = sql`(${TaskClaim.reason}, ${Exchange.reason}, ${CodeUse.reason})`

/**
 * Every (ref type, reason) a points row with a ref is written with: the rewards of claims,
 * exchanges and code uses, an exchange's debit, and an inviter's reward for a registration
 * (invitations/service.ts). Rows without a ref have their own rule.
 */
const POINTS_REF_REASONS: readonly { refType: PointsRefType; reason: string }[] = [
  ...Object.values(RewardSource),
  ExchangeDebit,
  { refType: PointsRefType.Invite, reason: InviteReason.Register },
]

const KNOWN_POINTS_REFS = sql.join(
  POINTS_REF_REASONS.map((pair) => sql`(${pair.refType}::text, ${pair.reason}::text)`),
  sql`, `,
)

/** The reasons of membership rows without an order: welfare's VIP rewards. */
const REWARD_VIP_REASONS = Object.values(RewardSource).map((source) => source.reason)
/** What the rule on order-less membership rows leaves to payments' rule on an order's reason without an order. */
const ORDERLESS_VIP_REASONS = sql.join(
  [...REWARD_VIP_REASONS, ...Object.values(VipReason)].map((reason) => sql`${reason}::text`),
  sql`, `,
)

/** Both ledgers' rows that point at a welfare row. */
const welfareLedgerRows = sql`
  select 'points' as ledger, id, user_id, reason, amount, ref_type, ref_id from points_ledger
  where ref_type in ${WELFARE_REF_TYPES}
  union all
  select 'wallet', id, user_id, reason, amount, ref_type, ref_id from wallet_ledger
  where ref_type in ${WELFARE_REF_TYPES}`

export const WELFARE_RULES: AuditRule[] = [
  {
    rule: "every user's points ledger sums to the points balance, and the latest row leaves it (no rows: no balance)",
    violations: (limit) => sql`
      with sums as (
        select user_id, sum(amount) as total, count(*) as n from points_ledger group by user_id
      ), latest as (
        select distinct on (user_id) user_id, id, balance_after from points_ledger order by user_id, id desc
      )
      select case
          when s.user_id is null then format('user %s: %s points without a ledger row', b.user_id, b.balance)
          when b.user_id is null then format('user %s: %s ledger rows summing to %s but no points balance', s.user_id, s.n, s.total)
          else format('user %s: %s points, but its %s ledger rows sum to %s and the latest, #%s, leaves %s',
            b.user_id, b.balance, s.n, s.total, l.id, l.balance_after)
        end as line
      from points_balances b
      full join sums s on s.user_id = b.user_id
      left join latest l on l.user_id = coalesce(b.user_id, s.user_id)
      where b.user_id is null or s.user_id is null or s.total <> b.balance or l.balance_after <> b.balance
      order by coalesce(b.user_id, s.user_id)
      limit ${limit}`,
  },
  {
    rule: "each points ledger row's balance_after is the user's previous row's balance_after plus its amount",
    violations: (limit) => sql`
      select format('points row #%s of user %s: %s %s leaves %s, but %s',
          r.id, r.user_id, r.reason, r.amount, r.balance_after,
          case when r.previous_id is null then 'it is the first row (from 0)'
            else format('the previous row, #%s, left %s', r.previous_id, r.previous_after) end) as line
      from (
        select id, user_id, reason, amount, balance_after,
          lag(id) over w as previous_id, lag(balance_after, 1, 0::bigint) over w as previous_after
        from points_ledger
        window w as (partition by user_id order by id)
      ) r
      where r.previous_after + r.amount <> r.balance_after
      order by r.id
      limit ${limit}`,
  },
  {
    rule: "every user's lifetime points are the sum of its points credits",
    violations: (limit) => sql`
      select format('user %s: lifetime %s, but its credits sum to %s', b.user_id, b.lifetime, coalesce(c.total, 0)) as line
      from points_balances b
      left join (select user_id, sum(amount) as total from points_ledger where amount > 0 group by user_id) c
        on c.user_id = b.user_id
      where b.lifetime <> coalesce(c.total, 0)
      order by b.user_id
      limit ${limit}`,
  },
  {
    rule: 'no points balance, and no balance a points row leaves, is below zero',
    violations: (limit) => sql`
      select line from (
        select b.user_id, 0::bigint as id, format('user %s: %s points', b.user_id, b.balance) as line
        from points_balances b where b.balance < 0
        union all
        select l.user_id, l.id, format('points row #%s of user %s: leaves %s', l.id, l.user_id, l.balance_after)
        from points_ledger l where l.balance_after < 0
      ) below
      order by user_id, id
      limit ${limit}`,
  },
  {
    rule: "every points row without a ref is an operator's (reason `admin: …`) or the demo seed's (`demo: …`)",
    violations: (limit) => sql`
      select format('points row #%s of user %s: %s %s without a ref', l.id, l.user_id, l.reason, l.amount) as line
      from points_ledger l
      where l.ref_type is null
        and not starts_with(l.reason, ${UnreferencedReason.Operator})
        and not starts_with(l.reason, ${UnreferencedReason.Demo})
      order by l.id
      limit ${limit}`,
  },
  {
    rule:
      'every points row with a ref has a (ref_type, reason) the code writes: ' +
      POINTS_REF_REASONS.map((pair) => `${pair.refType} ${pair.reason}`).join(', '),
    violations: (limit) => sql`
      select format('points row #%s of user %s: %s %s, ref %s #%s, which no flow writes',
          l.id, l.user_id, l.reason, l.amount, l.ref_type, l.ref_id) as line
      from points_ledger l
      where l.ref_type is not null
        and (l.ref_type, l.reason) not in (values ${KNOWN_POINTS_REFS})
      order by l.id
      limit ${limit}`,
  },
  {
    rule:
      'every task claim, exchange and code use paid its points or diamonds reward exactly once (points ledger, ' +
      'wallet ledger), and every exchange debited its price exactly once',
    violations: (limit) => sql`
      select format('%s #%s of user %s: %s %s row(s) of %s %s, expected 1',
          e.ref_type, e.ref_id, e.user_id, count(l.id), e.ledger, e.reason, e.amount) as line
      from (${expectedLedgerRows}) e
      left join (${welfareLedgerRows}) l on l.ledger = e.ledger and l.ref_type = e.ref_type
        and l.ref_id = e.ref_id and l.reason = e.reason and l.amount = e.amount and l.user_id = e.user_id
      group by e.ledger, e.ref_type, e.ref_id, e.user_id, e.reason, e.amount
      having count(l.id) <> 1
      order by e.ref_type, e.ref_id, e.ledger, e.reason
      limit ${limit}`,
  },
  {
    rule: 'every points or wallet row of a task claim, exchange or code use is one that row produced',
    violations: (limit) => sql`
      select format('%s row #%s of user %s: %s %s, ref %s #%s, which produced no such row',
          l.ledger, l.id, l.user_id, l.reason, l.amount, l.ref_type, l.ref_id) as line
      from (${welfareLedgerRows}) l
      where not exists (
        select 1 from (${expectedLedgerRows}) e
        where e.ledger = l.ledger and e.ref_type = l.ref_type and e.ref_id = l.ref_id
          and e.reason = l.reason and e.amount = l.amount and e.user_id = l.user_id
      )
      order by l.ledger, l.id
      limit ${limit}`,
  },
  {
    // vip_ledger has no ref column: a reward's row is matched by user, reason, tier, days and time.
    rule:
      'the membership rows of welfare rewards (reasons task, exchange-reward, redeem-code) are exactly the VIP ' +
      'rewards of task claims, exchanges and code uses',
    violations: (limit) => sql`
      with e as (
        select user_id, reason, reward_tier as tier, amount::int as days, created_at, count(*) as n
        from (${expectedRewards}) r where r.reward_kind = 'vip'
        group by user_id, reason, reward_tier, amount, created_at
      ), v as (
        select user_id, reason, tier, days, created_at, count(*) as n
        from vip_ledger where order_id is null and reason in ${WELFARE_VIP_REASONS}
        group by user_id, reason, tier, days, created_at
      )
      select format('user %s, %s %s %s days at %s: %s membership row(s), expected %s',
          coalesce(e.user_id, v.user_id), coalesce(e.reason, v.reason), coalesce(e.tier, v.tier),
          coalesce(e.days, v.days), coalesce(e.created_at, v.created_at), coalesce(v.n, 0), coalesce(e.n, 0)) as line
      from e full join v on v.user_id = e.user_id and v.reason = e.reason and v.tier = e.tier
        and v.days = e.days and v.created_at = e.created_at
      where coalesce(e.n, 0) <> coalesce(v.n, 0)
      order by coalesce(e.user_id, v.user_id), coalesce(e.created_at, v.created_at)
      limit ${limit}`,
  },
  {
    // Rows of an order's reason without an order are payments' rule, so one row breaks one rule.
    rule: `every membership row without an order has the reason of a welfare reward (${REWARD_VIP_REASONS.join(', ')})`,
    violations: (limit) => sql`
      select format('membership row #%s of user %s: %s %s %s days at %s without an order',
          r.id, r.user_id, r.reason, r.tier, r.days, r.created_at) as line
      from vip_ledger r
      where r.order_id is null
        and r.reason not in (${ORDERLESS_VIP_REASONS})
      order by r.id
      limit ${limit}`,
  },
  {
    rule: "every redeem code's uses count its use rows",
    violations: (limit) => sql`
      select format('code #%s (batch %s): uses %s of %s, but %s use row(s)', k.id, k.batch, k.uses, k.max_uses, count(u.id)) as line
      from redeem_codes k left join redeem_code_uses u on u.code_id = k.id
      group by k.id, k.batch, k.uses, k.max_uses
      having count(u.id) <> k.uses
      order by k.id
      limit ${limit}`,
  },
]
