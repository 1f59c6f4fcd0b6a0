import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { UnreferencedReason } from './repo.ts'

/**
 * Bookkeeping checks (`npm run admin -- wallet:audit`): each rule is one set-based statement
 * that answers the rows breaking it, already worded for the operator (`format()` in SQL, so
 * both drivers answer plain text and int8 needs no casting in JavaScript). Each statement
 * reads one snapshot; none loops over users, so a rule costs a scan or two of its tables
 * whatever their size. Raw SQL names tables and columns by hand (server/db/README.md).
 */
export interface AuditRule {
  /** What must hold, as the operator reads it. */
  rule: string
  /** A statement answering `line` for each row that breaks the rule, at most `limit` of them. */
  violations: (limit: number) => SQL
}

export interface AuditFinding {
  rule: string
  /** The rows that break it, at most the audit's limit. */
  lines: string[]
  /** More rows break it than were printed. */
  more: boolean
}

/** Rows printed per broken rule: enough to act on, bounded when a whole table is wrong. */
export const AUDIT_LINE_LIMIT = 100

/** The wallet's own rules: users.balance, wallet_ledger and nothing else. */
export const WALLET_RULES: AuditRule[] = [
  {
    rule: "every user's ledger amounts sum to the balance, and the latest row leaves that balance (no rows: balance 0)",
    violations: (limit) => sql`
      with sums as (
        select user_id, sum(amount) as total, count(*) as n from wallet_ledger group by user_id
      ), latest as (
        select distinct on (user_id) user_id, id, balance_after from wallet_ledger order by user_id, id desc
      )
      select case
          when s.user_id is null then format('user %s: balance %s without a ledger row', u.id, u.balance)
          else format('user %s: balance %s, but its %s ledger rows sum to %s and the latest, #%s, leaves %s',
            u.id, u.balance, s.n, s.total, l.id, l.balance_after)
        end as line
      from users u
      left join sums s on s.user_id = u.id
      left join latest l on l.user_id = u.id
      where coalesce(s.total, 0) <> u.balance or l.balance_after <> u.balance
      order by u.id
      limit ${limit}`,
  },
  {
    rule: "each ledger row's balance_after is the user's previous row's balance_after plus its amount",
    violations: (limit) => sql`
      select format('row #%s of user %s: %s %s leaves %s, but %s',
          r.id, r.user_id, r.reason, r.amount, r.balance_after,
          case when r.previous_id is null then 'it is the first row (from 0)'
            else format('the previous row, #%s, left %s', r.previous_id, r.previous_after) end) as line
      from (
        select id, user_id, reason, amount, balance_after,
          lag(id) over w as previous_id, lag(balance_after, 1, 0::bigint) over w as previous_after
        from wallet_ledger
        window w as (partition by user_id order by id)
      ) r
      where r.previous_after + r.amount <> r.balance_after
      order by r.id
      limit ${limit}`,
  },
  {
    rule: 'no balance, and no balance a ledger row leaves, is below zero',
    violations: (limit) => sql`
      select line from (
        select u.id as user_id, 0::bigint as id, format('user %s: balance %s', u.id, u.balance) as line
        from users u where u.balance < 0
        union all
        select l.user_id, l.id, format('row #%s of user %s: leaves %s', l.id, l.user_id, l.balance_after)
        from wallet_ledger l where l.balance_after < 0
      ) below
      order by user_id, id
      limit ${limit}`,
  },
  {
    rule: "every ledger row without a ref is an operator's credit (reason `admin: …`) or the demo seed's (`demo: …`)",
    violations: (limit) => sql`
      select format('row #%s of user %s: %s %s without a ref', l.id, l.user_id, l.reason, l.amount) as line
      from wallet_ledger l
      where l.ref_type is null
        and not starts_with(l.reason, ${UnreferencedReason.Operator})
        and not starts_with(l.reason, ${UnreferencedReason.Demo})
      order by l.id
      limit ${limit}`,
  },
]

/**
 * Runs the rules in one read-only snapshot (a payment landing meanwhile is either wholly in
 * or wholly out of every rule) and answers the broken ones, each with its first rows.
 */
export async function runAudit(db: Db, rules: readonly AuditRule[]): Promise<AuditFinding[]> {
  return db.transaction(
    async (tx) => {
      const findings: AuditFinding[] = []
      for (const { rule, violations } of rules) {
        const result = (await tx.execute(violations(AUDIT_LINE_LIMIT + 1))) as unknown as { rows: { line: string }[] }
        const lines = result.rows.map((row) => row.line)
        if (lines.length > 0) {
          findings.push({ rule, lines: lines.slice(0, AUDIT_LINE_LIMIT), more: lines.length > AUDIT_LINE_LIMIT })
        }
      }
      return findings
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}
