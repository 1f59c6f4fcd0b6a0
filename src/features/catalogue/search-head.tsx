import { useCanGoBack, useLocation, useNavigate, useRouter } from '@tanstack/react-router'
import { useSetAtom, useStore } from 'jotai'
import { useCallback, useId, useRef, useState, type FormEvent } from 'react'
import { backTarget } from '../../lib/landing.ts'
import { t } from '../../lib/messages-browse.ts'
import { isOfflineAtom } from '../../lib/online-status.ts'
import { KEYWORD_MAX_LENGTH } from './page-params.ts'
import { cleanKeyword, recordSearchAtom } from './search-history.ts'
import './browse.css'

/** Why a search did not go: nothing typed, or no network to search with. */
export type SearchNotice = 'empty' | 'offline' | null

/**
 * Starting a search: the keyword is cleaned, refused when empty or while offline (searching needs
 * the server; the notice says so instead of failing silently), else recorded in the history.
 * Returns the keyword to show results for, or null.
 */
export function useStartSearch(): { start(keyword: string): string | null; notice: SearchNotice } {
  const store = useStore()
  const record = useSetAtom(recordSearchAtom)
  const [notice, setNotice] = useState<SearchNotice>(null)
  const start = useCallback(
    (keyword: string) => {
      const cleaned = cleanKeyword(keyword)
      const next: SearchNotice = cleaned === '' ? 'empty' : store.get(isOfflineAtom) ? 'offline' : null
      setNotice(next)
      if (next !== null) return null
      record(cleaned)
      return cleaned
    },
    [store, record],
  )
  return { start, notice }
}

export function SearchNoticeText({ notice }: { notice: SearchNotice }) {
  return (
    <p className="search-notice" role="alert">
      {notice === 'offline' ? t.browse.needsNetwork : notice === 'empty' ? t.browse.keywordRequired : null}
    </p>
  )
}

export interface SearchHeadProps {
  /** The keyword the input starts with (the result page's). */
  initialKeyword?: string
  autoFocus?: boolean
  /** A keyword to search: already cleaned, recorded, and known to be searchable. */
  onSearch(keyword: string): void
  start(keyword: string): string | null
}

/** The search bar: the input with its clear button, 搜索, and 取消 (back, by lib/landing.ts's rule). */
export function SearchHead({ initialKeyword = '', autoFocus = false, onSearch, start }: SearchHeadProps) {
  const [value, setValue] = useState(initialKeyword)
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const router = useRouter()
  const canGoBack = useCanGoBack()
  const href = useLocation({ select: (location) => location.href })

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const keyword = start(value)
    if (keyword === null) return
    setValue(keyword)
    input.current?.blur()
    onSearch(keyword)
  }
  const handleClear = () => {
    setValue('')
    input.current?.focus()
  }
  const handleCancel = () => {
    if (backTarget(href, canGoBack) === 'home') void router.navigate({ to: '/' })
    else router.history.back()
  }

  return (
    <header className="search-head">
      <form className="search-head__form" role="search" onSubmit={handleSubmit}>
        <label htmlFor={inputId} className="browse-sr-only">
          {t.browse.searchLabel}
        </label>
        <span className="search-head__field">
          <svg className="search-head__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            ref={input}
            id={inputId}
            className="search-head__input"
            type="search"
            name="keyword"
            value={value}
            placeholder={t.browse.searchPlaceholder}
            maxLength={KEYWORD_MAX_LENGTH}
            enterKeyHint="search"
            autoComplete="off"
            // The search page exists to type into; elsewhere the keyboard stays down.
            autoFocus={autoFocus}
            onChange={(event) => setValue(event.target.value)}
          />
          {value !== '' ? (
            <button type="button" className="search-head__clear" onClick={handleClear} aria-label={t.browse.clear}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M7 7l10 10M17 7L7 17" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
          ) : null}
        </span>
        <button type="submit" className="search-head__submit">
          {t.browse.search}
        </button>
      </form>
      <button type="button" className="search-head__cancel" onClick={handleCancel}>
        {t.browse.cancel}
      </button>
    </header>
  )
}

/** Goes to the results of a keyword. */
export function useShowResults(): (keyword: string) => void {
  const navigate = useNavigate()
  return useCallback((keyword: string) => void navigate({ to: '/subpage/result', search: { keyword } }), [navigate])
}
