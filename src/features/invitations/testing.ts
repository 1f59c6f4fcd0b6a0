import type { InviteIncome, Invitee } from '../../../core/contracts/invitations.ts'

/** Test kit of the invitation screens: invitees and user/invite/income answers. */

export const invitee = (id: number, patch: Partial<Invitee> = {}): Invitee => ({
  id,
  nickname: `好友${id}`,
  avatar: '',
  registered: false,
  joinedAt: 1_700_000_000,
  diamonds: 0,
  points: 0,
  ...patch,
})

export const income = (patch: Partial<InviteIncome> = {}): InviteIncome => ({
  code: 'AB12CD',
  totals: { invitees: 0, registered: 0, diamonds: 0, points: 0 },
  invitees: { items: [], nextCursor: null },
  ...patch,
})

export const SHARE_DOMAIN = [{ type: 'H5SHAREURL' as const, urls: ['https://share.example/', 'https://other.example'] }]
export const INVITE_LINK = 'https://share.example/?affCode=AB12CD'
