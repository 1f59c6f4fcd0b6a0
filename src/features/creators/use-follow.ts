import { useSetAtom } from 'jotai'
import { useState } from 'react'
import type { CreatorCard } from '../../../core/contracts/community.ts'
import { ApiError, ApiErrorKind, errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-creators.ts'
import { isConnectivityError } from '../../lib/offline-reads.ts'
import { showToastAtom } from '../../ui/toast.tsx'
import { setFollowAtom } from './api.ts'

type FollowState = Pick<CreatorCard, 'followed' | 'followers'>

/**
 * Follow buttons over a list: a tap shows the new state at once, the server's answer (follower
 * count) replaces it, and a failure puts the old state back with a toast.
 */
export function useFollow() {
  const setFollow = useSetAtom(setFollowAtom)
  const toast = useSetAtom(showToastAtom)
  const [overrides, setOverrides] = useState<ReadonlyMap<number, FollowState>>(new Map())
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set())

  const stateOf = (card: CreatorCard): FollowState => overrides.get(card.id) ?? card
  const put = (id: number, state: FollowState | null) =>
    setOverrides((current) => {
      const next = new Map(current)
      if (state) next.set(id, state)
      else next.delete(id)
      return next
    })

  const toggle = async (card: CreatorCard) => {
    if (pending.has(card.id)) return
    const before = stateOf(card)
    const follow = !before.followed
    setPending((current) => new Set(current).add(card.id))
    put(card.id, { followed: follow, followers: Math.max(0, before.followers + (follow ? 1 : -1)) })
    try {
      put(card.id, await setFollow(card.id, follow))
    } catch (error) {
      put(card.id, overrides.get(card.id) ?? null)
      toast(
        isConnectivityError(error) || (error instanceof ApiError && error.kind === ApiErrorKind.Business)
          ? errorMessage(error)
          : t.creators.followFailed,
      )
    } finally {
      setPending((current) => {
        const next = new Set(current)
        next.delete(card.id)
        return next
      })
    }
  }
  return { stateOf, toggle, isPending: (id: number) => pending.has(id) }
}
