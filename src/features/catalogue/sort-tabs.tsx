import { ListSort } from '../../../core/contracts/media.ts'
import { t } from '../../lib/messages-browse.ts'
import { Tabs } from '../../ui/tabs.tsx'
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

/** 最新 / 最热 as tabs. */
export function SortTabs({ value, onChange, panelId, idPrefix }: SortTabsProps) {
  return (
    <Tabs
      items={SORTS}
      value={value}
      onChange={onChange}
      label={t.browse.sort}
      panelId={panelId}
      idPrefix={idPrefix}
      block="sort-tabs"
    />
  )
}
