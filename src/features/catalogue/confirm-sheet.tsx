import { useEffect, useId, useRef } from 'react'
import './browse.css'

/**
 * A small modal confirmation: labelled by its question, Escape or a tap outside cancels, focus
 * starts on 取消 (the safe choice) and goes back where it was on close.
 */
export function ConfirmSheet({
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  question: string
  confirmLabel: string
  cancelLabel: string
  onConfirm(): void
  onCancel(): void
}) {
  const questionId = useId()
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    cancel.current?.focus()
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel()
    }
    document.addEventListener('keydown', handleKey)
    return () => {
      document.removeEventListener('keydown', handleKey)
      opener?.focus()
    }
  }, [onCancel])
  return (
    <div className="confirm-sheet" onClick={(event) => event.target === event.currentTarget && onCancel()}>
      <div className="confirm-sheet__panel" role="alertdialog" aria-modal="true" aria-labelledby={questionId}>
        <p id={questionId} className="confirm-sheet__question">
          {question}
        </p>
        <div className="confirm-sheet__actions">
          <button ref={cancel} type="button" className="button button--ghost" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className="button" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  )
}
