import { sql } from 'drizzle-orm'
import type { Config } from '../../config.ts'
import type { AuditRule } from '../wallet/audit.ts'
import { InviteReason } from './repo.ts'

/**
 * The invitations rules of `wallet:audit` (README.md): every reward row has its cause. The
 * amounts are checked against the configuration the audit runs with (INVITE_SHARE,
 * INVITE_REGISTER_POINTS), so a changed setting names the rows paid at the old one.
 */
export function invitationRules(config: Pick<Config, 'inviteShare' | 'inviteRegisterPoints'>): AuditRule[] {
  return [
    {
      rule:
        `every ${InviteReason.Share} wallet row is the inviter's share (floor(diamonds × INVITE_SHARE / 100)) ` +
        'of a paid or refunded diamond order of one of their invitees',
      violations: (limit) => sql`
        select format('row #%s of user %s: %s %s, ref %s #%s: %s',
            l.id, l.user_id, l.reason, l.amount, coalesce(l.ref_type, '-'), coalesce(l.ref_id::text, '-'),
            case
              when l.ref_type is distinct from 'order' or o.id is null then 'no such order'
              when o.kind <> 'diamonds' or o.state not in ('paid', 'refunded')
                then format('order %s is a %s %s order', o.order_no, o.state, o.kind)
              when i.invitee_id is null then format('the order''s user %s is not their invitee', o.user_id)
              else format('order %s of %s diamonds gives %s', o.order_no, o.diamonds,
                floor(o.diamonds * ${config.inviteShare}::int / 100))
            end) as line
        from wallet_ledger l
        left join payment_orders o on l.ref_type = 'order' and o.id = l.ref_id
        left join invites i on i.invitee_id = o.user_id and i.inviter_id = l.user_id
        where l.reason = ${InviteReason.Share}
          and (o.id is null or o.kind <> 'diamonds' or o.state not in ('paid', 'refunded') or i.invitee_id is null
            or l.amount <> floor(o.diamonds * ${config.inviteShare}::int / 100))
        order by l.id
        limit ${limit}`,
    },
    {
      rule:
        `every ${InviteReason.Register} points row is INVITE_REGISTER_POINTS to the inviter of a registered ` +
        'invitee (ref invite = the invitee)',
      violations: (limit) => sql`
        select format('points row #%s of user %s: %s %s, ref %s #%s: %s',
            p.id, p.user_id, p.reason, p.amount, coalesce(p.ref_type, '-'), coalesce(p.ref_id::text, '-'),
            case
              when p.ref_type is distinct from 'invite' or i.invitee_id is null then 'no such invite'
              when i.inviter_id <> p.user_id then format('user %s invited them', i.inviter_id)
              when i.registered_at is null then 'the invitee has not registered'
              else format('expected %s', ${config.inviteRegisterPoints}::int)
            end) as line
        from points_ledger p
        left join invites i on p.ref_type = 'invite' and i.invitee_id = p.ref_id
        where p.reason = ${InviteReason.Register}
          and (i.invitee_id is null or i.inviter_id <> p.user_id or i.registered_at is null
            or p.amount <> ${config.inviteRegisterPoints}::int)
        order by p.id
        limit ${limit}`,
    },
  ]
}
