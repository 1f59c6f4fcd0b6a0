import { Link } from '@tanstack/react-router'
import { t } from '../lib/messages.ts'
import { PageHeader } from './page-header.tsx'

/** The catch-all and /notFound. */
export function NotFoundScreen() {
  return (
    <main className="page">
      <PageHeader title={t.errors.notFoundTitle} />
      <section className="full-state">
        <p className="full-state__code" aria-hidden="true">
          404
        </p>
        <p>{t.errors.notFoundHint}</p>
        <Link to="/" className="button">
          {t.common.goHome}
        </Link>
      </section>
    </main>
  )
}
