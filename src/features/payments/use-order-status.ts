import { useSetAtom } from 'jotai'
import { useCallback, useEffect, useState } from 'react'
import { OrderState, type Order } from '../../../core/contracts/payments.ts'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { errorMessage } from '../../lib/http.ts'
import { isConnectivityError } from '../../lib/offline-reads.ts'
import { fetchOrderAtom, refreshSessionUserAtom } from './api.ts'

/** The clock and timers the polling runs on; tests pass their own. */
export interface PollClock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(timer: unknown): void
}

export const pageClock: PollClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (timer) => window.clearTimeout(timer as number),
}

/** Asked this often while the provider usually answers (a payment takes seconds)… */
export const POLL_FAST_MS = 1500
/** …for this long, then at this slower pace (the notification, or the server's sweep, may take minutes). */
export const POLL_FAST_FOR_MS = 60_000
export const POLL_SLOW_MS = 5000

/** The wait before the next question, `elapsedMs` after the page started asking. */
export function pollDelay(elapsedMs: number): number {
  return elapsedMs < POLL_FAST_FOR_MS ? POLL_FAST_MS : POLL_SLOW_MS
}

export type OrderView =
  /** Pending, or not answered yet; `unstable` after a question failed for want of a network (it goes on asking). */
  | { status: 'waiting'; order: Order | null; unstable: boolean }
  /** Paid, failed, expired or refunded. A paid order comes with the user asked afresh (null if that failed). */
  | { status: 'settled'; order: Order; user: UserInfo | null }
  /** The server refused the question (no such order…): asking again needs the user. */
  | { status: 'error'; message: string }

const WAITING: OrderView = { status: 'waiting', order: null, unstable: false }

/**
 * recharge/status until the order settles: every 1.5 s for a minute, then every 5 s; not while
 * the page is hidden (it asks at once on coming back). Once paid, the session's user is asked
 * afresh (user/info) before the page says so, so the balance and membership shown everywhere are
 * the new ones.
 */
export function useOrderStatus(orderId: string, clock: PollClock = pageClock) {
  const fetchOrder = useSetAtom(fetchOrderAtom)
  const refreshUser = useSetAtom(refreshSessionUserAtom)
  const [view, setView] = useState<OrderView>(WAITING)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let cancelled = false
    let settled = false
    let inFlight = false
    let timer: unknown = null
    const started = clock.now()
    const hidden = () => document.visibilityState === 'hidden'

    const schedule = () => {
      if (cancelled || settled || hidden() || timer !== null) return
      timer = clock.setTimeout(
        () => {
          timer = null
          void ask()
        },
        pollDelay(clock.now() - started),
      )
    }

    const ask = async () => {
      if (cancelled || settled || inFlight) return
      inFlight = true
      try {
        const order = await fetchOrder(orderId)
        if (cancelled) return
        if (order.state === OrderState.Pending) {
          setView({ status: 'waiting', order, unstable: false })
        } else {
          settled = true
          const user = order.state === OrderState.Paid ? await refreshUser().catch(() => null) : null
          if (!cancelled) setView({ status: 'settled', order, user })
        }
      } catch (error) {
        if (cancelled) return
        if (isConnectivityError(error)) {
          setView((now) => (now.status === 'waiting' ? { ...now, unstable: true } : now))
        } else {
          settled = true
          setView({ status: 'error', message: errorMessage(error) })
        }
      } finally {
        inFlight = false
      }
      schedule()
    }

    const handleVisibility = () => {
      if (hidden()) {
        if (timer !== null) clock.clearTimeout(timer)
        timer = null
      } else if (timer === null) {
        void ask()
      }
    }

    void ask()
    document.addEventListener('visibilitychange', handleVisibility)
    return () => {
      cancelled = true
      if (timer !== null) clock.clearTimeout(timer)
      document.removeEventListener('visibilitychange', handleVisibility)
    }
  }, [orderId, attempt, clock, fetchOrder, refreshUser])

  const retry = useCallback(() => {
    setView(WAITING)
    setAttempt((count) => count + 1)
  }, [])
  return { view, retry }
}
