import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useMemo, useState, useEffect, type FormEvent } from 'react'
import type { Invitee } from '../../../core/contracts/invitations.ts'
import { formatDate } from '../../../core/format/date.ts'
import { formatMoney } from '../../../core/format/money.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { ApiError, errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-invitations.ts'
import { browserShare, copyText, type ShareDeps } from '../../lib/share.ts'
import { InfiniteList } from '../../ui/infinite-list.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { appConfigAtom } from '../session/public.ts'
import { bindInviterAtom, incomeSource, inviteLink, type IncomeListMaker } from './invite.ts'
import './invitations.css'

function CopyRow({
  title,
  value,
  button,
  done,
  deps,
}: {
  title: string
  value: string
  button: string
  done: string
  deps: ShareDeps
}) {
  const showToast = useSetAtom(showToastAtom)
  const handleCopy = async () => showToast((await copyText(deps, value)) ? done : t.invite.copyFailed)
  return (
    <div className="invite-copy">
      <span className="invite-copy__title">{title}</span>
      <output className="invite-copy__value">{value}</output>
      <button type="button" className="button button--small" onClick={() => void handleCopy()}>
        {button}
      </button>
    </div>
  )
}

function InviteeRow({ invitee }: { invitee: Invitee }) {
  return (
    <li className="invitee">
      <span className="invitee__name">{invitee.nickname || String(invitee.id)}</span>
      <span className="invitee__state">{invitee.registered ? t.invite.registeredMark : t.invite.guestMark}</span>
      <span className="invitee__earned">{t.invite.earned(formatMoney(invitee.diamonds), invitee.points)}</span>
      <span className="invitee__date">{t.invite.joinedAt(formatDate(invitee.joinedAt).slice(0, 10))}</span>
    </li>
  )
}

/** Binding an inviter by their code; hidden once this screen has seen it bound (the server tells no earlier). */
function BindInviter() {
  const bind = useSetAtom(bindInviterAtom)
  const inputId = useId()
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState('')
  const [bound, setBound] = useState('')
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim() || busy) return
    setBusy(true)
    setFailure('')
    try {
      const inviter = await bind(code.trim())
      setBound(t.invite.bound(inviter.nickname || String(inviter.id)))
    } catch (error) {
      // Already bound: the form has nothing left to do, the tip says why.
      if (error instanceof ApiError && error.code === BusinessCode.InviterBound) setBound(error.message)
      else setFailure(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  if (bound) {
    return (
      <p className="card invite-bind__done" role="status">
        {bound}
      </p>
    )
  }
  return (
    <form className="card invite-bind" onSubmit={(event) => void handleSubmit(event)}>
      <label htmlFor={inputId} className="invite-bind__title">
        {t.invite.bindTitle}
      </label>
      <div className="invite-bind__row">
        <input
          id={inputId}
          className="invite-bind__input"
          value={code}
          maxLength={16}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder={t.invite.bindPlaceholder}
          aria-invalid={failure ? true : undefined}
          aria-describedby={failure ? `${inputId}-error` : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy || !code.trim()} aria-busy={busy}>
          {busy ? t.invite.binding : t.invite.bind}
        </button>
      </div>
      {failure ? (
        <p id={`${inputId}-error`} className="invite-bind__error" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  )
}

/**
 * /mine/invitation: the caller's invite code and link (copy), what invitations earned, the
 * invitees, the way to the poster, and binding an inviter by their code.
 */
export function InvitationScreen({
  makeList,
  deps = browserShare,
}: {
  /** Makes the invitees' paged list (the route passes the catalogue's). */
  makeList: IncomeListMaker
  deps?: ShareDeps
}) {
  const config = useAtomValue(appConfigAtom)
  const list = useMemo(() => makeList(incomeSource), [makeList])
  const state = useAtomValue(list.stateAtom)
  const loadFirst = useSetAtom(list.loadFirstAtom)
  const loadMore = useSetAtom(list.loadMoreAtom)
  useEffect(() => void loadFirst(), [loadFirst])
  const meta = state.meta
  const link = meta ? inviteLink(config, meta.code) : undefined
  const totals = meta?.totals
  return (
    <main className="page invitation">
      <PageHeader title={t.pages.invitation} />
      {meta ? (
        <section className="card invite-card" aria-label={t.invite.codeTitle}>
          <CopyRow
            title={t.invite.codeTitle}
            value={meta.code}
            button={t.invite.copyCode}
            done={t.invite.codeCopied}
            deps={deps}
          />
          {link ? (
            <CopyRow
              title={t.invite.linkTitle}
              value={link}
              button={t.invite.copyLink}
              done={t.invite.linkCopied}
              deps={deps}
            />
          ) : (
            <p className="invite-copy__none">{t.invite.noLink}</p>
          )}
          <Link to="/mine/share" className="button invite-card__share">
            {t.invite.toShare}
          </Link>
        </section>
      ) : null}
      {totals ? (
        <section className="card invite-income" aria-labelledby="invite-income-title">
          <h2 id="invite-income-title" className="invite-section__title">
            {t.invite.incomeTitle}
          </h2>
          <dl className="invite-income__grid">
            <div>
              <dt>{t.invite.invitees}</dt>
              <dd>{totals.invitees}</dd>
            </div>
            <div>
              <dt>{t.invite.registered}</dt>
              <dd>{totals.registered}</dd>
            </div>
            <div>
              <dt>{t.invite.diamonds}</dt>
              <dd>{formatMoney(totals.diamonds)}</dd>
            </div>
            <div>
              <dt>{t.invite.points}</dt>
              <dd>{totals.points}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <section className="invite-invitees" aria-labelledby="invite-invitees-title">
        <h2 id="invite-invitees-title" className="invite-section__title">
          {t.invite.inviteesTitle}
        </h2>
        <InfiniteList
          state={state}
          onLoadMore={() => void loadMore()}
          onRetry={() => void loadFirst()}
          emptyMessage={t.invite.noInvitees}
        >
          <ul className="invitee-list">
            {state.items.map((invitee) => (
              <InviteeRow key={invitee.id} invitee={invitee} />
            ))}
          </ul>
        </InfiniteList>
      </section>
      <BindInviter />
    </main>
  )
}
