import { sql } from 'drizzle-orm'
import type { AuditRule } from '../wallet/audit.ts'
import { InviteReason } from './repo.ts'

/**
 * The invitations rules of `wallet:audit` (README.md): every reward row has its cause, and every
 * cause its one reward row. Amounts are checked against the rate each invite recorded
 * (`share_percent` when bound, `register_points` when registered), not against today's
 * configuration, so a changed INVITE_SHARE or INVITE_REGISTER_POINTS leaves earlier rows right.
 */
export const INVITATION_RULES: AuditRule[] = [
  {
    rule:
      `every ${InviteReason.Share} wallet row is the inviter's share (floor(diamonds × the invite's share_percent / 100)) ` +
      'of a paid or refunded diamond order an invitee of theirs paid after being invited',
    violations: (limit) => sql`
      select format('row #%s of user %s: %s %s, ref %s #%s: %s',
          l.id, l.user_id, l.reason, l.amount, coalesce(l.ref_type, '-'), coalesce(l.ref_id::text, '-'),
          case
            when l.ref_type is distinct from 'order' or o.id is null then 'no such order'
            when o.kind <> 'diamonds' or o.state not in ('paid', 'refunded')
              then format('order %s is a %s %s order', o.order_no, o.state, o.kind)
            when i.invitee_id is null then format('the order''s user %s is not their invitee', o.user_id)
            when o.paid_at < i.created_at then format('order %s was paid before the invite', o.order_no)
            else format('order %s of %s diamonds at %s %% gives %s', o.order_no, o.diamonds, i.share_percent,
              floor(o.diamonds * i.share_percent / 100))
          end) as line
      from wallet_ledger l
      left join payment_orders o on l.ref_type = 'order' and o.id = l.ref_id
      left join invites i on i.invitee_id = o.user_id and i.inviter_id = l.user_id
      where l.reason = ${InviteReason.Share}
        and (o.id is null or o.kind <> 'diamonds' or o.state not in ('paid', 'refunded') or i.invitee_id is null
          or o.paid_at < i.created_at or l.amount <> floor(o.diamonds * i.share_percent / 100))
      order by l.id
      limit ${limit}`,
  },
  {
    rule:
      'every paid or refunded diamond order of an invitee, paid after the invite, whose share is over 0 has ' +
      `exactly one ${InviteReason.Share} row`,
    violations: (limit) => sql`
      select format('order %s of user %s (%s diamonds at %s %%): %s %s rows',
          o.order_no, o.user_id, o.diamonds, i.share_percent, count(l.id), ${InviteReason.Share}::text) as line
      from payment_orders o
      join invites i on i.invitee_id = o.user_id
      left join wallet_ledger l on l.reason = ${InviteReason.Share} and l.ref_type = 'order' and l.ref_id = o.id
      where o.kind = 'diamonds' and o.state in ('paid', 'refunded') and o.paid_at >= i.created_at
        and floor(o.diamonds * i.share_percent / 100) > 0
      group by o.id, o.order_no, o.user_id, o.diamonds, i.share_percent
      having count(l.id) <> 1
      order by o.id
      limit ${limit}`,
  },
  {
    rule:
      `every ${InviteReason.Register} points row is the invite's register_points to the inviter of a registered ` +
      'invitee (ref invite = the invitee)',
    violations: (limit) => sql`
      select format('points row #%s of user %s: %s %s, ref %s #%s: %s',
          p.id, p.user_id, p.reason, p.amount, coalesce(p.ref_type, '-'), coalesce(p.ref_id::text, '-'),
          case
            when p.ref_type is distinct from 'invite' or i.invitee_id is null then 'no such invite'
            when i.inviter_id <> p.user_id then format('user %s invited them', i.inviter_id)
            when i.registered_at is null then 'the invitee has not registered'
            else format('expected %s', coalesce(i.register_points, 0))
          end) as line
      from points_ledger p
      left join invites i on p.ref_type = 'invite' and i.invitee_id = p.ref_id
      where p.reason = ${InviteReason.Register}
        and (i.invitee_id is null or i.inviter_id <> p.user_id or i.registered_at is null
          or p.amount <> coalesce(i.register_points, 0))
      order by p.id
      limit ${limit}`,
  },
  {
    rule: `every registered invite with register_points over 0 has exactly one ${InviteReason.Register} points row`,
    violations: (limit) => sql`
      select format('invitee %s of user %s (%s points): %s %s rows',
          i.invitee_id, i.inviter_id, i.register_points, count(p.id), ${InviteReason.Register}::text) as line
      from invites i
      left join points_ledger p on p.reason = ${InviteReason.Register} and p.ref_type = 'invite'
        and p.ref_id = i.invitee_id
      where i.registered_at is not null and i.register_points > 0
      group by i.invitee_id, i.inviter_id, i.register_points
      having count(p.id) <> 1
      order by i.invitee_id
      limit ${limit}`,
  },
]
