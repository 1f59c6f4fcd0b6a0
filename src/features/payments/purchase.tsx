import { useSetAtom } from 'jotai'
import { useCallback, useId, useRef, useState } from 'react'
import type { OrderKind, PayType } from '../../../core/contracts/payments.ts'
import { ApiError, ApiErrorKind, errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-payments.ts'
import { submitOrderAtom } from './api.ts'
import { rememberReturn } from './return-paths.ts'

/** Sends the browser to the provider's checkout; the pages take another in tests. */
export type GoToCheckout = (payUrl: string) => void

export const goToCheckout: GoToCheckout = (payUrl) => window.location.assign(payUrl)

/**
 * The checkout address to go to, or null: an http(s) URL, or a path on this origin (the sandbox
 * provider's `/sandbox/pay/…`). Anything else (`javascript:`, `data:`) is not followed.
 */
export function checkoutUrl(payUrl: string, origin: string = window.location.origin): string | null {
  let url: URL
  try {
    url = new URL(payUrl, origin)
  } catch {
    return null
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
}

/**
 * A purchase: recharge/submit with the item's id and the pay type, then the order's way back
 * (`from`) remembered for the order page, then the checkout. Once on its way the button stays
 * busy: the page is being left.
 */
export function usePurchase({ kind, from, go }: { kind: OrderKind; from: string | undefined; go: GoToCheckout }) {
  const submitOrder = useSetAtom(submitOrderAtom)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const out = useRef(false)
  const purchase = useCallback(
    async (itemId: number, payType: string) => {
      if (out.current) return
      out.current = true
      setBusy(true)
      setFailure(null)
      try {
        const order = await submitOrder({ kind, itemId, payType })
        const url = checkoutUrl(order.payUrl)
        if (url === null) throw new ApiError(ApiErrorKind.BadResponse, t.payments.badPayUrl)
        rememberReturn(order.orderId, from)
        go(url)
      } catch (error) {
        out.current = false
        setBusy(false)
        setFailure(errorMessage(error))
      }
    },
    [submitOrder, kind, from, go],
  )
  return { busy, failure, purchase }
}

/** The pay types as a radio group. */
export function PayTypePicker({
  payTypes,
  value,
  onChange,
}: {
  payTypes: readonly PayType[]
  value: string | null
  onChange(code: string): void
}) {
  const name = useId()
  return (
    <fieldset className="pay-section">
      <legend>{t.payments.payType}</legend>
      {payTypes.length === 0 ? (
        <p>{t.payments.noPayTypes}</p>
      ) : (
        <div className="pay-options">
          {payTypes.map((payType) => (
            <label key={payType.code} className="pay-option">
              <input
                type="radio"
                name={name}
                value={payType.code}
                checked={value === payType.code}
                onChange={() => onChange(payType.code)}
              />
              <span>{payType.name}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  )
}

/** The submit button, the failure above it (announced), disabled while the order is out. */
export function PurchaseFooter({
  label,
  busy,
  failure,
  disabled,
}: {
  label: string
  busy: boolean
  failure: string | null
  disabled: boolean
}) {
  return (
    <div className="pay-footer">
      <p role="alert">{failure}</p>
      <button type="submit" className="button" disabled={busy || disabled} aria-busy={busy || undefined}>
        {busy ? t.payments.submitting : label}
      </button>
    </div>
  )
}
