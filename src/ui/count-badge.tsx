/** A red count over an icon or after a label; hidden from screen readers, which read the count in the name. */
export function CountBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null
  return (
    <span className={className ? `count-badge ${className}` : 'count-badge'} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  )
}
