import { useEffect, useId, useRef, type ReactNode } from 'react'
import './sheet.css'

/**
 * A modal bottom sheet: labelled by its title, closed by Escape or a tap on the backdrop,
 * focus moved to its first button on open (put the safe choice first) and given back on close.
 * `alertdialog` for a question that needs an answer (confirmations).
 */
export function Sheet({
  title,
  onClose,
  children,
  actions,
  role = 'dialog',
}: {
  title: string
  onClose: () => void
  children?: ReactNode
  actions: ReactNode
  role?: 'dialog' | 'alertdialog'
}) {
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  // The latest onClose, so an inline callback does not re-run the open effect (which would
  // move focus back to the first button on every render).
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  }, [onClose])
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    panel.current?.querySelector<HTMLElement>('button')?.focus()
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current()
    }
    document.addEventListener('keydown', handleKey)
    return () => {
      document.removeEventListener('keydown', handleKey)
      opener?.focus()
    }
  }, [])
  return (
    <div className="sheet" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={panel} className="sheet__panel" role={role} aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="sheet__title">
          {title}
        </h2>
        {children}
        <div className="sheet__actions">{actions}</div>
      </div>
    </div>
  )
}
