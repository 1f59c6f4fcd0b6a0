import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom, type Atom, type WritableAtom } from 'jotai'
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import type { ExchangeItem, ExchangeRecord, RedeemedCode, Reward } from '../../../core/contracts/welfare.ts'
import { REDEEM_CODE_MAX } from '../../../core/contracts/welfare-rules.ts'
import { formatDate } from '../../../core/format/date.ts'
import { t } from '../../lib/messages-welfare.ts'
import { InfiniteList, type InfiniteListState } from '../../ui/infinite-list.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { Sheet } from '../../ui/sheet.tsx'
import { ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { tabId, Tabs } from '../../ui/tabs.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { exchangeItemAtom, exchangeRead, redeemCodeAtom, type ExchangeOutcome } from './api.ts'
import { dataOf } from './live-read.ts'
import { rewardChangesUser, rewardText } from './reward.ts'
import { SignedOut } from './signed-out.tsx'
import { PointsCard } from './welfare-screen.tsx'
import { useRefreshOnReturn } from './use-refresh-on-return.ts'
import './welfare.css'

/** A paged list the screen shows (the catalogue's createPagedList over a HistorySource fits it). */
export interface HistoryList<T> {
  stateAtom: Atom<Omit<InfiniteListState, 'items'> & { items: readonly T[] }>
  loadFirstAtom: WritableAtom<null, [], Promise<void>>
  loadMoreAtom: WritableAtom<null, [], Promise<void>>
  reloadAtom: WritableAtom<null, [], Promise<void>>
}

export interface ExchangeScreenProps {
  userId: number | null
  /** redeem/history and redeemcode/list as paged lists, composed by the route. */
  exchanges: HistoryList<ExchangeRecord>
  codes: HistoryList<RedeemedCode>
  /** Asks user/info again after a reward of diamonds or VIP days (composed by the route). */
  onUserChanged?: () => void
  /** What 重试 does without a user (the page is loaded again); tests pass their own. */
  reload?: () => void
}

const HistoryTab = { Exchanges: 'exchanges', Codes: 'codes' } as const
type HistoryTab = (typeof HistoryTab)[keyof typeof HistoryTab]
const HISTORY_TABS: readonly { value: HistoryTab; label: string }[] = [
  { value: HistoryTab.Exchanges, label: t.exchange.exchangeHistory },
  { value: HistoryTab.Codes, label: t.exchange.codeHistory },
]

/**
 * /welfare/exchange/: the points, a redeem code, the items (each after a confirmation), then the
 * records. Without a user the items show, and in place of the rest the way to log in.
 */
export function ExchangeScreen({ userId, exchanges, codes, onUserChanged, reload }: ExchangeScreenProps) {
  const state = useAtomValue(exchangeRead.stateAtom)
  const load = useSetAtom(exchangeRead.loadAtom)
  const toast = useSetAtom(showToastAtom)
  const reloadExchanges = useSetAtom(exchanges.reloadAtom)
  const reloadCodes = useSetAtom(codes.reloadAtom)
  const owner = userId ?? 0
  const refresh = useCallback(() => void load(owner), [load, owner])
  // redeem/list answers without a session too (no points): the items show before a login.
  useRefreshOnReturn(refresh)
  const data = dataOf(state, owner)
  const [chosen, setChosen] = useState<ExchangeItem | null>(null)
  const signedIn = userId !== null

  const rewarded = (message: string, reward: Reward) => {
    toast(message)
    if (rewardChangesUser(reward)) onUserChanged?.()
  }
  const notYet =
    state.status === 'error' && state.owner === owner ? (
      <section className="card">
        <ErrorState message={state.message} onRetry={refresh} />
      </section>
    ) : (
      <section className="card">
        <Skeleton lines={2} />
      </section>
    )

  return (
    <main className="page welfare-exchange">
      <PageHeader title={t.pages.exchange} />
      {!signedIn ? (
        <SignedOut message={t.signedOut.exchange} reload={reload} />
      ) : data ? (
        <PointsCard points={data.points} exchange={false} />
      ) : (
        notYet
      )}
      {signedIn ? (
        <CodeForm
          onRedeemed={(reward) => {
            rewarded(t.exchange.code.success(rewardText(reward)), reward)
            void reloadCodes()
          }}
        />
      ) : null}
      {data ? (
        <ItemsSection items={data.items} balance={data.points.balance} onChoose={signedIn ? setChosen : undefined} />
      ) : signedIn ? null : (
        notYet
      )}
      {chosen && data && signedIn ? (
        <ConfirmSheet
          item={chosen}
          balance={data.points.balance}
          owner={owner}
          onClose={() => setChosen(null)}
          onExchanged={(reward) => {
            setChosen(null)
            rewarded(t.exchange.success(rewardText(reward)), reward)
            void reloadExchanges()
          }}
        />
      ) : null}
      {signedIn ? <HistorySection exchanges={exchanges} codes={codes} /> : null}
    </main>
  )
}

function ItemsSection({
  items,
  balance,
  onChoose,
}: {
  items: readonly ExchangeItem[]
  balance: number
  /** None without a user: nothing can be exchanged then. */
  onChoose: ((item: ExchangeItem) => void) | undefined
}) {
  const titleId = useId()
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t.exchange.items}
      </h2>
      {items.length === 0 ? (
        <p className="empty-state">{t.exchange.noItems}</p>
      ) : (
        <ul className="welfare-items">
          {items.map((item) => {
            const soldOut = item.stock === 0
            return (
              <li key={item.id} className="welfare-item">
                <div className="welfare-item__text">
                  <h3 className="welfare-item__title">{item.title}</h3>
                  <p className="welfare-item__meta">
                    <span className="welfare-task__reward">{rewardText(item.reward)}</span>
                    {item.stock !== null && !soldOut ? <span>{t.exchange.stock(item.stock)}</span> : null}
                  </p>
                  <p
                    className={
                      balance < item.price ? 'welfare-item__price welfare-item__price--short' : 'welfare-item__price'
                    }
                  >
                    {t.exchange.price(item.price)}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--small welfare-task__button"
                  disabled={soldOut || !onChoose}
                  aria-label={soldOut ? `${item.title} ${t.exchange.soldOut}` : t.exchange.buttonLabel(item.title)}
                  onClick={() => onChoose?.(item)}
                >
                  {soldOut ? t.exchange.soldOut : t.exchange.button}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** The confirmation before points are spent; too few points or none left are said here, in the sheet. */
function ConfirmSheet({
  item,
  balance,
  owner,
  onClose,
  onExchanged,
}: {
  item: ExchangeItem
  balance: number
  owner: number
  onClose(): void
  onExchanged(reward: Reward): void
}) {
  const exchange = useSetAtom(exchangeItemAtom)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Exclude<ExchangeOutcome, { status: 'rewarded' }> | null>(null)

  // Too few points or none left stay so; after another failure (the network) it can be tried again.
  const final = refusal?.status === 'short' || refusal?.status === 'soldOut'

  const handleConfirm = async () => {
    setBusy(true)
    setRefusal(null)
    const outcome = await exchange({ itemId: item.id, owner })
    setBusy(false)
    if (outcome.status === 'rewarded') onExchanged(outcome.result.reward)
    else setRefusal(outcome)
  }

  return (
    <Sheet
      title={t.exchange.confirmTitle}
      role="alertdialog"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t.exchange.cancel}
          </button>
          <button
            type="button"
            className="button welfare-confirm"
            disabled={busy || final}
            onClick={() => void handleConfirm()}
          >
            {busy ? t.exchange.exchanging : t.exchange.confirm}
          </button>
        </>
      }
    >
      <p>{t.exchange.confirmBody(item.title, item.price)}</p>
      <p className="welfare-sheet__reward">{rewardText(item.reward)}</p>
      {balance >= item.price ? (
        <p className="welfare-sheet__after">{t.exchange.balanceAfter(balance - item.price)}</p>
      ) : null}
      {refusal ? (
        <div className="welfare-sheet__refusal" role="alert">
          {refusal.status === 'short' ? (
            <>
              <p>{t.exchange.pointsShort(Math.max(0, item.price - balance))}</p>
              <Link to="/welfare/" className="button button--small button--ghost">
                {t.exchange.earnMore}
              </Link>
            </>
          ) : (
            <p>{refusal.status === 'soldOut' ? t.exchange.soldOut : refusal.message}</p>
          )}
        </div>
      ) : null}
    </Sheet>
  )
}

/** The redeem-code entry: trimmed, refused codes say why (wrong, expired, used, too many tries). */
function CodeForm({ onRedeemed }: { onRedeemed(reward: Reward): void }) {
  const redeem = useSetAtom(redeemCodeAtom)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null)
  const inputId = useId()
  const messageId = useId()

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const typed = code.trim()
    if (typed === '') {
      setResult({ ok: false, message: t.exchange.code.empty })
      return
    }
    setBusy(true)
    setResult(null)
    const outcome = await redeem(typed)
    setBusy(false)
    if (outcome.status === 'rewarded') {
      setCode('')
      setResult({ ok: true, message: t.exchange.code.success(rewardText(outcome.result.reward)) })
      onRedeemed(outcome.result.reward)
    } else setResult({ ok: false, message: outcome.message })
  }

  return (
    <section className="card" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="card__title">
        {t.exchange.code.title}
      </h2>
      <form className="welfare-code" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <label htmlFor={inputId} className="welfare-sr-only">
          {t.exchange.code.label}
        </label>
        <input
          id={inputId}
          className="welfare-code__input"
          value={code}
          placeholder={t.exchange.code.placeholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={REDEEM_CODE_MAX}
          aria-invalid={result !== null && !result.ok}
          aria-describedby={result ? messageId : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? t.exchange.code.submitting : t.exchange.code.submit}
        </button>
      </form>
      {result ? (
        <p
          id={messageId}
          className={result.ok ? 'welfare-code__message' : 'welfare-code__message welfare-code__message--error'}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.message}
        </p>
      ) : null}
    </section>
  )
}

function HistorySection({
  exchanges,
  codes,
}: {
  exchanges: HistoryList<ExchangeRecord>
  codes: HistoryList<RedeemedCode>
}) {
  const [tab, setTab] = useState<HistoryTab>(HistoryTab.Exchanges)
  const prefix = useId()
  const panelId = `${prefix}-panel`
  return (
    <section className="card welfare-history" aria-label={t.exchange.history}>
      <Tabs<HistoryTab>
        items={HISTORY_TABS}
        value={tab}
        onChange={setTab}
        label={t.exchange.historyTabs}
        panelId={panelId}
        idPrefix={prefix}
        block="welfare-tabs"
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(prefix, tab)}>
        {tab === HistoryTab.Exchanges ? (
          <HistoryPanel
            key={HistoryTab.Exchanges}
            list={exchanges}
            empty={t.exchange.noExchanges}
            render={(items) => (
              <ul className="welfare-records">
                {items.map((record) => (
                  <li key={record.id} className="welfare-record">
                    <span className="welfare-record__main">
                      <span>{record.title}</span>
                      <strong>{t.exchange.spent(record.price)}</strong>
                    </span>
                    <span className="welfare-record__meta">
                      <span>{rewardText(record.reward)}</span>
                      <span>{formatDate(record.createdAt)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          />
        ) : (
          <HistoryPanel
            key={HistoryTab.Codes}
            list={codes}
            empty={t.exchange.noCodes}
            render={(items) => (
              <ul className="welfare-records">
                {items.map((record) => (
                  <li key={record.id} className="welfare-record">
                    <span className="welfare-record__main">
                      <span>{t.exchange.codeBatch(record.batch)}</span>
                      <strong>{rewardText(record.reward)}</strong>
                    </span>
                    <span className="welfare-record__meta">
                      <span>{formatDate(record.createdAt)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          />
        )}
      </div>
    </section>
  )
}

function HistoryPanel<T>({
  list,
  empty,
  render,
}: {
  list: HistoryList<T>
  empty: string
  render(items: readonly T[]): ReactNode
}) {
  const state = useAtomValue(list.stateAtom)
  const loadFirst = useSetAtom(list.loadFirstAtom)
  const loadMore = useSetAtom(list.loadMoreAtom)
  const reload = useSetAtom(list.reloadAtom)
  // Kept between visits: showing it again asks again (an exchange made since shows), keeping the rows meanwhile.
  const [initialStatus] = useState(state.status)
  useEffect(() => {
    if (initialStatus === 'ready') void reload()
    else void loadFirst()
  }, [initialStatus, loadFirst, reload])
  return (
    <InfiniteList
      state={state}
      onLoadMore={() => void loadMore()}
      onRetry={() => void loadFirst()}
      emptyMessage={empty}
    >
      {render(state.items)}
    </InfiniteList>
  )
}
