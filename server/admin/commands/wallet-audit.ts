import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { COMMUNITY_RULES } from '../../modules/community/audit.ts'
import { INVITATION_RULES } from '../../modules/invitations/audit.ts'
import { PAYMENTS_RULES } from '../../modules/payments/audit.ts'
import { runAudit, WALLET_RULES } from '../../modules/wallet/audit.ts'
import { WELFARE_RULES } from '../../modules/welfare/audit.ts'
import { CommandError, UsageError, type AdminCommand } from '../command.ts'

const RULES = [...WALLET_RULES, ...PAYMENTS_RULES, ...COMMUNITY_RULES, ...WELFARE_RULES, ...INVITATION_RULES]

async function sizes(db: Db): Promise<string> {
  const result = (await db.execute(sql`
    select format('%s users, %s wallet ledger rows, %s orders, %s membership rows, %s post purchases, %s points ledger rows',
      (select count(*) from users), (select count(*) from wallet_ledger),
      (select count(*) from payment_orders), (select count(*) from vip_ledger),
      (select count(*) from post_purchases), (select count(*) from points_ledger)) as line`)) as unknown as {
    rows: { line: string }[]
  }
  return result.rows[0]!.line
}

/**
 * `wallet:audit`: checks the books (modules/wallet/audit.ts, modules/payments/audit.ts,
 * modules/community/audit.ts, modules/welfare/audit.ts, modules/invitations/audit.ts) and
 * prints every rule a row breaks, with the rows; exit code 1 when any does. It only reads.
 */
export const walletAudit: AdminCommand = {
  usage: '',
  summary:
    'check the books: ledgers (diamonds, points) sum to balances, every paid order, post purchase and welfare reward has exactly its rows and every row its cause',
  parse(args) {
    if (args.length > 0) throw new UsageError(`unexpected argument ${args[0]}`)
    return async ({ db }) => {
      const rules = RULES
      const findings = await runAudit(db, rules)
      if (findings.length === 0) return `all ${rules.length} rules hold (${await sizes(db)})`
      const report = findings.flatMap(({ rule, lines, more }) => [
        `✗ ${rule}`,
        ...lines.map((line) => `    ${line}`),
        ...(more ? [`    … and more (the first ${lines.length} shown)`] : []),
      ])
      throw new CommandError([`${findings.length} of ${rules.length} rules broken:`, ...report].join('\n'))
    }
  },
}
