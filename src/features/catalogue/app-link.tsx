import { defaultParseSearch, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/**
 * An app path (`/play/longVideo?id=3`, from core/links) split the way the router builds links:
 * the query parsed with the router's own parser, so the href it renders is the same path.
 */
export function appLinkTarget(path: string): { to: string; search: Record<string, unknown>; hash?: string } {
  const hashAt = path.indexOf('#')
  const withoutHash = hashAt < 0 ? path : path.slice(0, hashAt)
  const queryAt = withoutHash.indexOf('?')
  const to = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt)
  const search = queryAt < 0 ? {} : defaultParseSearch(withoutHash.slice(queryAt))
  return hashAt < 0 ? { to, search } : { to, search, hash: path.slice(hashAt + 1) }
}

export interface AppLinkProps {
  /** An app path with its query, e.g. from contentRoute() or appPath(). */
  path: string
  className?: string
  'aria-label'?: string
  children: ReactNode
}

/** A real <a> to an app path (keyboard, middle-click and long-press work), navigating in the app on a plain click. */
export function AppLink({ path, className, children, ...rest }: AppLinkProps) {
  const { to, search, hash } = appLinkTarget(path)
  return (
    <Link
      to={to as '/'}
      search={search as never}
      {...(hash === undefined ? {} : { hash })}
      className={className}
      aria-label={rest['aria-label']}
    >
      {children}
    </Link>
  )
}
