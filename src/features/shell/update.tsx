import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { t } from '../../lib/messages.ts'
import './update.css'

const applyUpdateAtom = atom<{ apply: () => void } | null>(null)

/** The service worker has a new version waiting; `apply` activates it and reloads. */
export const offerUpdateAtom = atom(null, (_get, set, apply: () => void) => set(applyUpdateAtom, { apply }))

/**
 * The new-version prompt: a new version applies only on the user's tap. "稍后" hides it for this
 * page; the waiting version is offered again on the next load.
 */
export function UpdatePrompt() {
  const update = useAtomValue(applyUpdateAtom)
  const dismiss = useSetAtom(applyUpdateAtom)
  const [updating, setUpdating] = useState(false)
  if (!update) return null
  const handleUpdate = () => {
    setUpdating(true)
    update.apply()
  }
  return (
    <div className="update-prompt" role="dialog" aria-label={t.update.available}>
      <span>{updating ? t.update.updating : t.update.available}</span>
      <button type="button" className="button button--small" onClick={handleUpdate} disabled={updating}>
        {t.update.action}
      </button>
      {updating ? null : (
        <button type="button" className="button button--ghost button--small" onClick={() => dismiss(null)}>
          {t.update.later}
        </button>
      )}
    </div>
  )
}
