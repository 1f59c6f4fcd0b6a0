import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useMemo, useState } from 'react'
import { MESSAGE_TYPES, type Message, type MessageType } from '../../../core/contracts/messages.ts'
import { relativeTime } from '../../../core/format/relative-time.ts'
import { t } from '../../lib/messages-inbox.ts'
import { InfiniteList } from '../../ui/infinite-list.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { Tabs, tabId } from '../../ui/tabs.tsx'
import {
  latestAtom,
  loadLatestAtom,
  markTypeReadAtom,
  messagesSource,
  type MessagesList,
  type MessagesListMaker,
} from './inbox.ts'
import './messages.css'

const PANEL_ID = 'inbox-panel'
const TAB_PREFIX = 'inbox-tab'

function MessageRow({ message, now, onOpenLink }: { message: Message; now: number; onOpenLink(link: string): void }) {
  const content = (
    <>
      <span className="inbox-message__head">
        <strong className="inbox-message__title">{message.title}</strong>
        {message.read ? null : <span className="inbox-message__dot" role="img" aria-label={t.inbox.unreadMark} />}
        <time className="inbox-message__time" dateTime={new Date(message.createdAt * 1000).toISOString()}>
          {relativeTime(message.createdAt, now)}
        </time>
      </span>
      <span className="inbox-message__body">{message.body}</span>
    </>
  )
  return (
    <li className="inbox-message">
      {message.link ? (
        <button
          type="button"
          className="inbox-message__box inbox-message__box--link"
          onClick={() => onOpenLink(message.link)}
        >
          {content}
        </button>
      ) : (
        <div className="inbox-message__box">{content}</div>
      )}
    </li>
  )
}

/** One type's list; once its first page is in (which the server takes as read), the counts drop. */
function TypeMessages({
  type,
  list,
  unread,
  onOpenLink,
}: {
  type: MessageType
  list: MessagesList
  unread: number
  onOpenLink(link: string): void
}) {
  const state = useAtomValue(list.stateAtom)
  const loadFirst = useSetAtom(list.loadFirstAtom)
  const loadMore = useSetAtom(list.loadMoreAtom)
  const markRead = useSetAtom(markTypeReadAtom)
  const [now] = useState(() => Math.floor(Date.now() / 1000))
  useEffect(() => void loadFirst(), [loadFirst])
  const firstPageIn = state.status === 'ready'
  useEffect(() => {
    if (firstPageIn && unread > 0) void markRead(type)
  }, [firstPageIn, unread, markRead, type])
  return (
    <InfiniteList
      state={state}
      onLoadMore={() => void loadMore()}
      onRetry={() => void loadFirst()}
      emptyMessage={t.inbox.empty}
    >
      <ul className="inbox-list">
        {state.items.map((message) => (
          <MessageRow key={message.id} message={message} now={now} onOpenLink={onOpenLink} />
        ))}
      </ul>
    </InfiniteList>
  )
}

/**
 * /mine/message: a tab per message type with its unread count, the type's messages newest first.
 * A message with a link opens it by the app's link rules (`onOpenLink`, from the route).
 */
export function MessagesScreen({
  onOpenLink,
  makeList,
}: {
  onOpenLink(link: string): void
  /** Makes a paged list of a source (the route passes the catalogue's). */
  makeList: MessagesListMaker
}) {
  const latest = useAtomValue(latestAtom)
  const loadLatest = useSetAtom(loadLatestAtom)
  const [type, setType] = useState<MessageType>('system')
  // Fresh lists on each visit: the first page of each is what marks its type read.
  const lists = useMemo(
    () =>
      Object.fromEntries(MESSAGE_TYPES.map((type) => [type, makeList(messagesSource(type))])) as Record<
        MessageType,
        MessagesList
      >,
    [makeList],
  )
  useEffect(() => {
    loadLatest().catch(() => {
      // The tabs show without counts; each list reports its own failure.
    })
  }, [loadLatest])

  const unreadOf = (type: MessageType) => latest?.types.find((entry) => entry.type === type)?.unread ?? 0
  const items = MESSAGE_TYPES.map((value) => ({
    value,
    label: t.inbox.tabLabel(t.inbox.types[value], unreadOf(value)),
  }))
  return (
    <main className="page">
      <PageHeader title={t.pages.message} />
      <div className="inbox__tabs">
        <Tabs<MessageType>
          items={items}
          value={type}
          onChange={setType}
          label={t.inbox.tabsLabel}
          panelId={PANEL_ID}
          idPrefix={TAB_PREFIX}
          block="inbox-tabs"
        />
      </div>
      <section id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(TAB_PREFIX, type)} className="inbox__panel">
        <TypeMessages key={type} type={type} list={lists[type]} unread={unreadOf(type)} onOpenLink={onOpenLink} />
      </section>
    </main>
  )
}
