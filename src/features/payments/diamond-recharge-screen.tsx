import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { OrderKind, type PayTypeInfo } from '../../../core/contracts/payments.ts'
import { formatMoney, formatPrice } from '../../../core/format/money.ts'
import { t } from '../../lib/messages-payments.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { payTypeInfoQuery } from './api.ts'
import { goToCheckout, PayTypePicker, PurchaseFooter, usePurchase, type GoToCheckout } from './purchase.tsx'
import './payments.css'

export interface DiamondRechargeScreenProps {
  /** Where the purchase started (an app path), for the order page's way back. */
  from: string | undefined
  go?: GoToCheckout
}

/** /mine/diamondRecharge: the balance, the packages and pay types (gold/paytypeinfo), 立即支付 → the checkout. */
export function DiamondRechargeScreen({ from, go = goToCheckout }: DiamondRechargeScreenProps) {
  const state = useAtomValue(payTypeInfoQuery.stateAtom)
  const load = useSetAtom(payTypeInfoQuery.loadAtom)
  useEffect(() => {
    // Each visit asks again: the balance (and the catalogue) may have changed since.
    void load()
  }, [load])

  return (
    <main className="page">
      <PageHeader title={t.pages.diamondRecharge} />
      {state.status === 'success' ? (
        <RechargeForm info={state.data} from={from} go={go} />
      ) : state.status === 'error' ? (
        <div className="card">
          <ErrorState message={state.message} onRetry={() => void load()} />
        </div>
      ) : (
        <div className="card">
          <Skeleton lines={6} />
        </div>
      )}
    </main>
  )
}

function RechargeForm({ info, from, go }: { info: PayTypeInfo; from: string | undefined; go: GoToCheckout }) {
  const name = useId()
  const [packageId, setPackageId] = useState<number | null>(info.packages[0]?.id ?? null)
  const [payType, setPayType] = useState<string | null>(info.payTypes[0]?.code ?? null)
  const { busy, failure, purchase } = usePurchase({ kind: OrderKind.Diamonds, from, go })
  // A package or pay type gone from a refreshed catalogue is no longer chosen.
  const chosenPackage = info.packages.some((item) => item.id === packageId) ? packageId : null
  const chosenPayType = info.payTypes.some((item) => item.code === payType) ? payType : null

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (chosenPackage === null || chosenPayType === null) return
    void purchase(chosenPackage, chosenPayType)
  }

  return (
    <>
      <section className="card pay-balance" aria-label={t.payments.balance}>
        <span>{t.payments.balance}</span>
        <strong data-testid="pay-balance">{t.payments.diamonds(formatMoney(info.balance))}</strong>
      </section>
      <form className="pay-form" onSubmit={handleSubmit}>
        <fieldset className="pay-section">
          <legend>{t.payments.packages}</legend>
          {info.packages.length === 0 ? (
            <p>{t.payments.noPackages}</p>
          ) : (
            <div className="pay-options">
              {info.packages.map((item) => (
                <label key={item.id} className="pay-option">
                  <input
                    type="radio"
                    name={name}
                    value={item.id}
                    checked={chosenPackage === item.id}
                    onChange={() => setPackageId(item.id)}
                  />
                  <strong>{t.payments.diamonds(formatMoney(item.diamonds))}</strong>
                  {item.bonusDiamonds > 0 ? (
                    <span className="pay-option__bonus">{t.payments.bonus(formatMoney(item.bonusDiamonds))}</span>
                  ) : null}
                  <span>{formatPrice(item.price)}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <PayTypePicker payTypes={info.payTypes} value={chosenPayType} onChange={setPayType} />
        <PurchaseFooter
          label={t.payments.payNow}
          busy={busy}
          failure={failure}
          disabled={chosenPackage === null || chosenPayType === null}
        />
      </form>
    </>
  )
}
