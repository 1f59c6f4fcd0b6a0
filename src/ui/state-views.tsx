import { t } from '../lib/messages.ts'

/** Placeholder bars while something loads; hidden from screen readers, which get the label. */
export function Skeleton({ lines = 3, label = t.common.loading }: { lines?: number; label?: string }) {
  return (
    <div className="skeleton" role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton__line" aria-hidden="true" />
      ))}
    </div>
  )
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="error-state" role="alert">
      <p className="error-state__message">{message}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t.common.retry}
        </button>
      ) : null}
    </div>
  )
}

export function EmptyState({ message }: { message: string }) {
  return <p className="empty-state">{message}</p>
}
