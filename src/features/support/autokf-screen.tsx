import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { FaqEntry } from '../../../core/contracts/support.ts'
import { t } from '../../lib/messages-support.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { ErrorState, Skeleton } from '../../ui/state-views.tsx'
import { faqQuery } from './api.ts'
import { matchFaq } from './faq-match.ts'
import './support.css'

/** Related questions offered under an answer. */
const RELATED_MAX = 2

type Turn =
  | { id: number; from: 'user'; text: string }
  | { id: number; from: 'bot'; answer: FaqEntry; related: FaqEntry[] }
  | { id: number; from: 'bot'; answer: null }

let nextTurnId = 1

/**
 * /mine/setting/autokf: a chat over the FAQ (aicustomerservice/list). A typed question is
 * matched on the device (faq-match.ts) to the best answer and up to 2 related questions; a
 * suggested or related question answers its own entry. When nothing fits, it says so and
 * offers 转人工 (/mine/setting/kf).
 */
export function AutoKfScreen() {
  const state = useAtomValue(faqQuery.stateAtom)
  const start = useSetAtom(faqQuery.startAtom)
  const load = useSetAtom(faqQuery.loadAtom)
  const [turns, setTurns] = useState<Turn[]>([])
  const [draft, setDraft] = useState('')
  const inputId = useId()
  const end = useRef<HTMLDivElement>(null)
  useEffect(() => void start(), [start])
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' })
  }, [turns.length])

  const entries = state.status === 'success' ? state.data.entries : []
  const suggested = entries.filter((entry) => entry.suggested)

  const answerWith = (question: string, answer: FaqEntry | null, related: FaqEntry[]) => {
    const asked: Turn = { id: nextTurnId++, from: 'user', text: question }
    const reply: Turn = answer
      ? { id: nextTurnId++, from: 'bot', answer, related }
      : { id: nextTurnId++, from: 'bot', answer: null }
    setTurns((current) => [...current, asked, reply])
  }

  const handleAsk = (event: FormEvent) => {
    event.preventDefault()
    const question = draft.trim()
    if (question === '') return
    const matches = matchFaq(question, entries).map((match) => match.entry)
    answerWith(question, matches[0] ?? null, matches.slice(1, 1 + RELATED_MAX))
    setDraft('')
  }

  const handlePick = (entry: FaqEntry) => {
    const related = matchFaq(entry.question, entries)
      .map((match) => match.entry)
      .filter((other) => other.id !== entry.id)
    answerWith(entry.question, entry, related.slice(0, RELATED_MAX))
  }

  return (
    <main className="page support support--chat">
      <PageHeader title={t.support.chatTitle} />
      {state.status === 'error' ? (
        <ErrorState message={`${t.support.faqFailed}：${state.message}`} onRetry={() => void load()} />
      ) : state.status !== 'success' ? (
        <Skeleton lines={4} />
      ) : (
        <>
          <div className="support__chat" role="log" aria-live="polite">
            <p className="support__bubble support__bubble--bot">{t.support.greeting}</p>
            {suggested.length > 0 ? (
              <QuestionChips label={t.support.suggested} entries={suggested} onPick={handlePick} />
            ) : null}
            {turns.map((turn) =>
              turn.from === 'user' ? (
                <p key={turn.id} className="support__bubble support__bubble--user" aria-label={t.support.you}>
                  {turn.text}
                </p>
              ) : turn.answer ? (
                <div key={turn.id} className="support__bubble support__bubble--bot" aria-label={t.support.bot}>
                  <p className="support__text">{turn.answer.answer}</p>
                  {turn.related.length > 0 ? (
                    <QuestionChips label={t.support.related} entries={turn.related} onPick={handlePick} />
                  ) : null}
                </div>
              ) : (
                <div key={turn.id} className="support__bubble support__bubble--bot" aria-label={t.support.bot}>
                  <p>{t.support.noMatch}</p>
                  <Link to="/mine/setting/kf" className="button button--small">
                    {t.support.toHuman}
                  </Link>
                </div>
              ),
            )}
            <div ref={end} />
          </div>
          <form className="support__ask" onSubmit={handleAsk}>
            <label htmlFor={inputId} className="support-sr-only">
              {t.support.askPlaceholder}
            </label>
            <input
              id={inputId}
              className="support__input"
              value={draft}
              maxLength={100}
              placeholder={t.support.askPlaceholder}
              enterKeyHint="send"
              onChange={(event) => setDraft(event.currentTarget.value)}
            />
            <button type="submit" className="button" disabled={draft.trim() === ''}>
              {t.support.ask}
            </button>
          </form>
        </>
      )}
    </main>
  )
}

function QuestionChips({
  label,
  entries,
  onPick,
}: {
  label: string
  entries: readonly FaqEntry[]
  onPick: (entry: FaqEntry) => void
}) {
  return (
    <div className="support__questions" role="group" aria-label={label}>
      <p className="support__note">{label}</p>
      {entries.map((entry) => (
        <button key={entry.id} type="button" className="support__chip" onClick={() => onPick(entry)}>
          {entry.question}
        </button>
      ))}
    </div>
  )
}
