import type { ReactNode } from 'react'
import { t } from '../lib/messages.ts'
import { PageHeader } from './page-header.tsx'

/** The honest interim state of a page not built yet: no fake data. */
export function ComingSoon({ title, back = true, children }: { title: string; back?: boolean; children?: ReactNode }) {
  return (
    <main className="page">
      <PageHeader title={title} back={back} />
      <section className="coming-soon" aria-label={t.common.comingSoon}>
        <p className="coming-soon__badge">{t.common.comingSoon}</p>
        <p className="coming-soon__hint">{t.common.comingSoonHint}</p>
        {children}
      </section>
    </main>
  )
}
