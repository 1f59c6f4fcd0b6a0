import { atom, type Atom, type Getter, type WritableAtom } from 'jotai'
import { userInviteIncome, userRedeem } from '../../../core/contracts/calls-welfare.ts'
import { DomainType, domainUrl, type DomainEntry } from '../../../core/contracts/domain.ts'
import type { InviteIncome, Invitee } from '../../../core/contracts/invitations.ts'
import type { Page } from '../../../core/contracts/media.ts'
import type { ReadResult } from '../../lib/offline-reads.ts'
import { apiAtom } from '../../lib/store.ts'
import type { InfiniteListState } from '../../ui/infinite-list.tsx'

/**
 * The invite link: the first URL of the config's H5SHAREURL domain with `?affCode=<code>`, which
 * a new guest's login carries to the server (features/session/init.ts). Undefined without the
 * domain: a link to somewhere else would invite nobody.
 */
export function inviteLink(config: { domain: readonly DomainEntry[] } | null, code: string): string | undefined {
  const base = config ? domainUrl(config, DomainType.H5ShareUrl) : undefined
  if (!base || !code) return undefined
  return `${base.replace(/\/+$/, '')}/?affCode=${encodeURIComponent(code)}`
}

/** user/invite/income as a paged list of invitees; the first page's code and totals are its meta. */
export type IncomePage = Page<Invitee> & Omit<InviteIncome, 'invitees'>

/** Where the invitees' paged list comes from (the catalogue's paged list takes these). */
export interface IncomeSource {
  key: string
  fetchPage(get: Getter, cursor: string | undefined): Promise<ReadResult<IncomePage>>
}

/** The invitees as the screen uses them; the route makes the list with the catalogue's createPagedList. */
export interface IncomeList {
  stateAtom: Atom<
    Omit<InfiniteListState, 'items'> & {
      items: readonly Invitee[]
      meta: Omit<IncomePage, 'items' | 'nextCursor'> | null
    }
  >
  loadFirstAtom: WritableAtom<null, [], Promise<void>>
  loadMoreAtom: WritableAtom<null, [], Promise<void>>
}

export type IncomeListMaker = (source: IncomeSource) => IncomeList

/** Asked afresh on each visit, never from storage: income changes with every invitee's top-up. */
export const incomeSource: IncomeSource = {
  key: 'user/invite/income',
  fetchPage: async (get, cursor) => {
    const { invitees, ...meta } = await get(apiAtom).call(userInviteIncome, cursor === undefined ? {} : { cursor })
    return { data: { ...invitees, ...meta }, stale: false, savedAt: Date.now() }
  },
}

/** user/redeem: binds the inviter whose code this is (7064–7067 reject with the server's tip). */
export const bindInviterAtom = atom(null, (get, _set, code: string) => get(apiAtom).call(userRedeem, { code }))
