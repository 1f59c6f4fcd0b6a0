import { useRef, type KeyboardEvent } from 'react'
import { ListSort } from '../../../core/contracts/media.ts'
import { t } from '../../lib/messages-browse.ts'
import './browse.css'

const SORTS: readonly { value: ListSort; label: string }[] = [
  { value: ListSort.Latest, label: t.browse.latest },
  { value: ListSort.Hot, label: t.browse.hot },
]

export interface SortTabsProps {
  value: ListSort
  onChange(sort: ListSort): void
  /** The id of the element the tabs control (the list). */
  panelId: string
  idPrefix: string
}

/** 最新 / 最热 as tabs: arrow keys, Home and End move between them (WAI-ARIA tabs pattern). */
export function SortTabs({ value, onChange, panelId, idPrefix }: SortTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const handleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = SORTS.length - 1
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % SORTS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % SORTS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    onChange(SORTS[next]!.value)
    tabs.current[next]?.focus()
  }
  return (
    <div className="sort-tabs" role="tablist" aria-label={t.browse.sort}>
      {SORTS.map((sort, index) => {
        const selected = sort.value === value
        return (
          <button
            key={sort.value}
            ref={(element) => {
              tabs.current[index] = element
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-${sort.value}`}
            className={selected ? 'sort-tabs__tab sort-tabs__tab--active' : 'sort-tabs__tab'}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(sort.value)}
            onKeyDown={(event) => handleKey(event, index)}
          >
            {sort.label}
          </button>
        )
      })}
    </div>
  )
}
