import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, type ReactNode } from 'react'
import type { Contact } from '../../../core/contracts/support.ts'
import { resolveLink } from '../../../core/links/resolve-link.ts'
import { t } from '../../lib/messages-support.ts'
import { ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { contactQuery } from './api.ts'
import { QrImage } from './qr-image.tsx'
import './support.css'

/**
 * Opens a link from the contact config by SPEC §4's link rules (the route passes the ads'
 * opener: an app path navigates, a web link opens outside, with the session token only on the
 * operator's LAND and H5SHAREURL hosts, through the native bridge in the app-store shell).
 */
export type OpenLink = (url: string) => void

/** The contact config (ping/contact) with a skeleton while it loads and a retry when it fails. */
function WithContact({ children }: { children: (contact: Contact) => ReactNode }) {
  const state = useAtomValue(contactQuery.stateAtom)
  const start = useSetAtom(contactQuery.startAtom)
  const load = useSetAtom(contactQuery.loadAtom)
  useEffect(() => void start(), [start])
  if (state.status === 'success') return <>{children(state.data)}</>
  if (state.status === 'error') return <ErrorState message={state.message} onRetry={() => void load()} />
  return <Skeleton lines={4} />
}

/** /mine/setting/kf: the channels, then 在线客服 (/mine/onLine) and 智能客服 (/mine/setting/autokf). */
export function KfScreen({ onOpenLink }: { onOpenLink: OpenLink }) {
  return (
    <main className="page support">
      <PageHeader title={t.pages.kf} />
      <nav className="card menu" aria-label={t.support.channels}>
        <ul className="menu__list">
          <li>
            <Link to="/mine/onLine" className="menu__link">
              <span>{t.support.onlineService}</span>
              <span aria-hidden="true">›</span>
            </Link>
          </li>
          <li>
            <Link to="/mine/setting/autokf" className="menu__link">
              <span className="support__channel">
                {t.support.aiService}
                <small className="support__note">{t.support.aiServiceNote}</small>
              </span>
              <span aria-hidden="true">›</span>
            </Link>
          </li>
        </ul>
      </nav>
      <h2 className="support__heading">{t.support.channels}</h2>
      <WithContact>
        {(contact) =>
          contact.channels.length === 0 ? (
            <p className="empty-state">{t.support.noChannels}</p>
          ) : (
            <div className="card menu">
              <ul className="menu__list">
                {contact.channels.map((channel) => (
                  <li key={`${channel.name}|${channel.url}`}>
                    {channel.url ? (
                      <button
                        type="button"
                        className="menu__link support__button-row"
                        onClick={() => onOpenLink(channel.url)}
                      >
                        <ChannelText name={channel.name} note={channel.note} />
                        <span aria-hidden="true">›</span>
                      </button>
                    ) : (
                      <div className="menu__link">
                        <ChannelText name={channel.name} note={channel.note} />
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )
        }
      </WithContact>
    </main>
  )
}

function ChannelText({ name, note }: { name: string; note: string }) {
  return (
    <span className="support__channel">
      {name}
      {note ? <small className="support__note">{note}</small> : null}
    </span>
  )
}

/**
 * /mine/onLine: the online service. An app path opens at once, in the app; a web link waits
 * for a tap, since a browser lets a page open a window only from one.
 */
export function OnlineScreen({ onOpenLink }: { onOpenLink: OpenLink }) {
  return (
    <main className="page support">
      <PageHeader title={t.pages.onLine} />
      <WithContact>{(contact) => <OnlineService url={contact.onlineUrl} onOpenLink={onOpenLink} />}</WithContact>
    </main>
  )
}

function OnlineService({ url, onOpenLink }: { url: string; onOpenLink: OpenLink }) {
  const navigate = useNavigate()
  const target = resolveLink(url, { appOrigins: [location.origin] })
  const appPath = target.kind === 'internal' ? target.path : null
  useEffect(() => {
    if (appPath !== null) void navigate({ href: appPath, replace: true })
  }, [navigate, appPath])
  if (target.kind === 'internal') return <Skeleton lines={2} />
  if (target.kind === 'none') {
    return (
      <div className="support__empty">
        <p className="empty-state">{t.support.noOnline}</p>
        <Link to="/mine/setting/autokf" className="button">
          {t.support.aiService}
        </Link>
      </div>
    )
  }
  return (
    <div className="support__empty">
      <p>{t.support.onlineHint}</p>
      <button type="button" className="button" onClick={() => onOpenLink(url)}>
        {t.support.openOnline}
      </button>
    </div>
  )
}

/** /mine/officialGroup: each group with its link as a QR code, and a button that opens it. */
export function GroupsScreen({ onOpenLink }: { onOpenLink: OpenLink }) {
  return (
    <main className="page support">
      <PageHeader title={t.pages.officialGroup} />
      <WithContact>
        {(contact) =>
          contact.groups.length === 0 ? (
            <p className="empty-state">{t.support.noGroups}</p>
          ) : (
            <ul className="support__groups">
              {contact.groups.map((group) => (
                <li key={`${group.name}|${group.url}`} className="card support__group">
                  <h2 className="support__group-name">{group.name}</h2>
                  <QrImage text={group.url} label={t.support.groupQr(group.name)} />
                  <button type="button" className="button button--small" onClick={() => onOpenLink(group.url)}>
                    {t.support.joinGroup}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </WithContact>
    </main>
  )
}

/** /mine/setting/recruitment: the creator recruitment text and a contact to copy. */
export function RecruitmentScreen({
  copy = (text: string) => navigator.clipboard.writeText(text),
}: {
  copy?: (text: string) => Promise<void>
}) {
  const showToast = useSetAtom(showToastAtom)
  const handleCopy = (text: string) => {
    copy(text).then(
      () => showToast(t.support.copied),
      () => showToast(t.support.copyFailed),
    )
  }
  return (
    <main className="page support">
      <PageHeader title={t.pages.recruitment} />
      <WithContact>
        {({ recruitment }) =>
          recruitment.text === '' && recruitment.contact === '' ? (
            <p className="empty-state">{t.support.recruitmentEmpty}</p>
          ) : (
            <article className="card support__recruitment">
              {recruitment.title ? <h2 className="support__heading">{recruitment.title}</h2> : null}
              <p className="support__text">{recruitment.text}</p>
              {recruitment.contact ? (
                <p className="support__contact">
                  <span>
                    {t.support.recruitmentContact}：
                    <span className="support__contact-value">{recruitment.contact}</span>
                  </span>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => handleCopy(recruitment.contact)}
                  >
                    {t.support.copy}
                  </button>
                </p>
              ) : null}
            </article>
          )
        }
      </WithContact>
    </main>
  )
}
