import { Link, useLocation } from '@tanstack/react-router'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { formatMoney } from '../../../core/format/money.ts'
import { t } from '../../lib/messages-watch.ts'
import { Sheet } from '../../ui/sheet.tsx'
import type { UnlockOutcome } from './atoms.ts'
import './player.css'

export interface UnlockSheetProps {
  title: string
  /** Diamonds (cents of the display unit). */
  price: number
  balance: number
  /** Buys; resolves with how it ended. */
  onConfirm(): Promise<UnlockOutcome>
  /** Bought (now or before): the caller fetches the play info again and plays. */
  onUnlocked(): void
  onClose(): void
}

type Phase =
  | { step: 'ready' }
  | { step: 'paying' }
  | { step: 'insufficient' }
  | { step: 'owned' }
  | { step: 'failed'; message: string }

/**
 * The unlock sheet: price and balance (diamonds in cents, core/format/money.ts), a confirm that buys once; not enough
 * diamonds says 余额不足 with the way to recharge; something already bought charges nothing and
 * just plays. Focus starts on 取消 (ui/Sheet) and moves to each later step's main action.
 */
export function UnlockSheet({ title, price, balance, onConfirm, onUnlocked, onClose }: UnlockSheetProps) {
  const [phase, setPhase] = useState<Phase>(balance < price ? { step: 'insufficient' } : { step: 'ready' })
  const [shownBalance, setShownBalance] = useState(balance)
  const mainAction = useId()
  // The recharge comes back here once paid (features/payments).
  const here = useLocation({ select: (location) => location.href })
  const firstStep = useRef(phase.step)
  // Sheet re-runs its focus effect when onClose changes: hand it one that never does.
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  const handleClose = useCallback(() => close.current(), [])

  useEffect(() => {
    if (phase.step === firstStep.current) return
    firstStep.current = phase.step
    document.getElementById(mainAction)?.focus()
  }, [phase.step, mainAction])

  const handleConfirm = async () => {
    setPhase({ step: 'paying' })
    const outcome = await onConfirm()
    if (outcome.status === 'paid') {
      onUnlocked()
      return
    }
    if (outcome.status === 'owned') {
      if (outcome.balance !== undefined) setShownBalance(outcome.balance)
      setPhase({ step: 'owned' })
    } else if (outcome.status === 'insufficient') setPhase({ step: 'insufficient' })
    else setPhase({ step: 'failed', message: outcome.message })
  }

  return (
    <Sheet
      title={title}
      onClose={handleClose}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={handleClose}>
            {t.player.cancel}
          </button>
          {phase.step === 'insufficient' ? (
            <Link to="/mine/diamondRecharge" search={{ from: here }} className="button" id={mainAction}>
              {t.player.recharge}
            </Link>
          ) : phase.step === 'owned' ? (
            <button type="button" className="button" onClick={onUnlocked} id={mainAction}>
              {t.player.startWatching}
            </button>
          ) : (
            <button
              type="button"
              className="button"
              onClick={() => void handleConfirm()}
              disabled={phase.step === 'paying'}
              aria-busy={phase.step === 'paying'}
              id={mainAction}
            >
              {phase.step === 'paying' ? t.player.paying : t.player.confirmUnlock}
            </button>
          )}
        </>
      }
    >
      <dl className="unlock-sheet__amounts">
        <div>
          <dt>{t.player.price}</dt>
          <dd data-testid="unlock-price">{t.player.diamonds(formatMoney(price))}</dd>
        </div>
        <div>
          <dt>{t.player.balance}</dt>
          <dd data-testid="unlock-balance">{t.player.diamonds(formatMoney(shownBalance))}</dd>
        </div>
      </dl>
      {phase.step === 'insufficient' ? (
        <p className="unlock-sheet__message unlock-sheet__message--warn" role="alert">
          {t.player.insufficient}
          <span className="unlock-sheet__hint">{t.player.insufficientHint}</span>
        </p>
      ) : phase.step === 'owned' ? (
        <p className="unlock-sheet__message" role="status">
          {t.player.owned}
        </p>
      ) : phase.step === 'failed' ? (
        <p className="unlock-sheet__message unlock-sheet__message--warn" role="alert">
          {phase.message}
        </p>
      ) : null}
    </Sheet>
  )
}
