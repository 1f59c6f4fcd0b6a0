import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { CARD_TIER_NAMES, OrderKind, type CardList, type CardTier } from '../../../core/contracts/payments.ts'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { formatDate } from '../../../core/format/date.ts'
import { formatPrice } from '../../../core/format/money.ts'
import { isVipActiveAt } from '../../../core/vip/vip.ts'
import { t } from '../../lib/messages-payments.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { sessionUserAtom } from '../session/public.ts'
import { cardListQuery, refreshSessionUserAtom, TIER_ORDER, VIP_LINE_OF } from './api.ts'
import { goToCheckout, PayTypePicker, PurchaseFooter, usePurchase, type GoToCheckout } from './purchase.tsx'
import './payments.css'

export interface VipScreenProps {
  /** Where the purchase started (an app path), for the order page's way back. */
  from: string | undefined
  go?: GoToCheckout
  /** Unix seconds now: a tier whose expiry has passed is not active, whatever its type says. */
  now?: () => number
}

const clockSeconds = () => Math.floor(Date.now() / 1000)

/**
 * /mine/vip: the user's tiers with their expiry (supreme, dark, normal), then the cards of each
 * tier with its benefits (card/list), the pay type and 立即开通 → the checkout.
 */
export function VipScreen({ from, go = goToCheckout, now = clockSeconds }: VipScreenProps) {
  const state = useAtomValue(cardListQuery.stateAtom)
  const load = useSetAtom(cardListQuery.loadAtom)
  const refreshUser = useSetAtom(refreshSessionUserAtom)
  const user = useAtomValue(sessionUserAtom)
  useEffect(() => {
    void load()
    // The tiers shown are the session's; ask again so they are those of now (a failure keeps them).
    refreshUser().catch(() => undefined)
  }, [load, refreshUser])

  return (
    <main className="page">
      <PageHeader title={t.pages.vip} />
      <MyTiers user={user} now={now()} />
      {state.status === 'success' ? (
        <CardForm list={state.data} from={from} go={go} />
      ) : state.status === 'error' ? (
        <div className="card">
          <ErrorState message={state.message} onRetry={() => void load()} />
        </div>
      ) : (
        <div className="card">
          <Skeleton lines={4} />
        </div>
      )}
    </main>
  )
}

function MyTiers({ user, now }: { user: UserInfo | null; now: number }) {
  const id = useId()
  return (
    <section className="card pay-tiers" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {t.payments.myTiers}
      </h2>
      <ul>
        {TIER_ORDER.map((tier) => {
          const line = user?.[VIP_LINE_OF[tier]]
          const active = isVipActiveAt(line, now)
          return (
            <li key={tier} data-active={active || undefined}>
              {CARD_TIER_NAMES[tier]}
              <span>{active ? t.payments.tierActive(formatDate(line?.vipExpireInt)) : t.payments.tierInactive}</span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** Each tier's benefits: the perks of its cards, each once, in the order the cards list them. */
function benefitsOf(list: CardList, tier: CardTier): string[] {
  return [...new Set(list.cards.filter((card) => card.tier === tier).flatMap((card) => card.perks))]
}

function CardForm({ list, from, go }: { list: CardList; from: string | undefined; go: GoToCheckout }) {
  const name = useId()
  const tiers = TIER_ORDER.filter((tier) => list.cards.some((card) => card.tier === tier))
  const firstCard = tiers.length > 0 ? list.cards.find((card) => card.tier === tiers[0]) : undefined
  const [cardId, setCardId] = useState<number | null>(firstCard?.id ?? null)
  const [payType, setPayType] = useState<string | null>(list.payTypes[0]?.code ?? null)
  const { busy, failure, purchase } = usePurchase({ kind: OrderKind.Vip, from, go })
  const chosenCard = list.cards.some((card) => card.id === cardId) ? cardId : null
  const chosenPayType = list.payTypes.some((item) => item.code === payType) ? payType : null

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (chosenCard === null || chosenPayType === null) return
    void purchase(chosenCard, chosenPayType)
  }

  return (
    <form className="pay-form" onSubmit={handleSubmit}>
      <fieldset className="pay-section">
        <legend>{t.payments.cards}</legend>
        {tiers.length === 0 ? <p>{t.payments.noCards}</p> : null}
        {tiers.map((tier) => (
          <TierCards key={tier} tier={tier} list={list} name={name} chosen={chosenCard} onChoose={setCardId} />
        ))}
      </fieldset>
      <PayTypePicker payTypes={list.payTypes} value={chosenPayType} onChange={setPayType} />
      <PurchaseFooter
        label={t.payments.openNow}
        busy={busy}
        failure={failure}
        disabled={chosenCard === null || chosenPayType === null}
      />
    </form>
  )
}

function TierCards({
  tier,
  list,
  name,
  chosen,
  onChoose,
}: {
  tier: CardTier
  list: CardList
  name: string
  chosen: number | null
  onChoose(id: number): void
}) {
  const id = useId()
  const benefits = benefitsOf(list, tier)
  return (
    <div className="pay-tier" role="group" aria-labelledby={id}>
      <h3 id={id}>{CARD_TIER_NAMES[tier]}</h3>
      {benefits.length > 0 ? (
        <ul aria-label={t.payments.benefits}>
          {benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      ) : null}
      <div className="pay-options">
        {list.cards
          .filter((card) => card.tier === tier)
          .map((card) => (
            <label key={card.id} className="pay-option">
              <input
                type="radio"
                name={name}
                value={card.id}
                checked={chosen === card.id}
                onChange={() => onChoose(card.id)}
                aria-label={t.payments.cardLabel(CARD_TIER_NAMES[tier], card.days)}
                aria-describedby={`${id}-price-${card.id}`}
              />
              <strong>{t.payments.days(card.days)}</strong>
              <span id={`${id}-price-${card.id}`}>
                {formatPrice(card.price)}{' '}
                {card.originalPrice !== undefined && card.originalPrice > card.price ? (
                  <s>
                    <span className="payments-sr-only">{t.payments.originalPrice}</span>
                    {formatPrice(card.originalPrice)}
                  </s>
                ) : null}
              </span>
            </label>
          ))}
      </div>
    </div>
  )
}
