import { atom, useAtomValue, useSetAtom } from 'jotai'
import { t } from '../../lib/messages.ts'

const applyUpdateAtom = atom<{ apply: () => void } | null>(null)

/** The service worker has a new version waiting; `apply` activates it and reloads. */
export const offerUpdateAtom = atom(null, (_get, set, apply: () => void) => set(applyUpdateAtom, { apply }))

/** A minimal prompt; the update flow is completed by a later issue. */
export function UpdatePrompt() {
  const update = useAtomValue(applyUpdateAtom)
  const dismiss = useSetAtom(applyUpdateAtom)
  if (!update) return null
  return (
    <div className="update-prompt" role="dialog" aria-label={t.update.available}>
      <span>{t.update.available}</span>
      <button type="button" className="button button--small" onClick={update.apply}>
        {t.update.action}
      </button>
      <button type="button" className="button button--ghost button--small" onClick={() => dismiss(null)}>
        {t.update.later}
      </button>
    </div>
  )
}
