import { useRef, type KeyboardEvent } from 'react'

export interface TabItem<Value extends string> {
  value: Value
  label: string
}

export interface TabsProps<Value extends string> {
  items: readonly TabItem<Value>[]
  value: Value
  onChange(value: Value): void
  /** The tab list's accessible name. */
  label: string
  /** The id of the element the tabs control (the panel). */
  panelId: string
  /** Each tab's id is `${idPrefix}-${value}`: the panel is labelled by the selected one. */
  idPrefix: string
  /** The block's class: the list gets it, each tab `${block}__tab`, the selected one also `${block}__tab--active`. */
  block: string
}

/** The id of a tab of Tabs, for the panel's aria-labelledby. */
export const tabId = (idPrefix: string, value: string) => `${idPrefix}-${value}`

/** Tabs as WAI-ARIA's pattern has them: one in the tab order, arrows, Home and End move between them and show theirs. */
export function Tabs<Value extends string>({
  items,
  value,
  onChange,
  label,
  panelId,
  idPrefix,
  block,
}: TabsProps<Value>) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const handleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index + last) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    onChange(items[next]!.value)
    tabs.current[next]?.focus()
  }
  return (
    <div className={block} role="tablist" aria-label={label}>
      {items.map((item, index) => {
        const selected = item.value === value
        return (
          <button
            key={item.value}
            ref={(element) => {
              tabs.current[index] = element
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, item.value)}
            className={selected ? `${block}__tab ${block}__tab--active` : `${block}__tab`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
            onKeyDown={(event) => handleKey(event, index)}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}
