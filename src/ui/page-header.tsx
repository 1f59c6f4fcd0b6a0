import type { ReactNode } from 'react'
import { BackButton } from './back-button.tsx'

export function PageHeader({ title, back = true, end }: { title: string; back?: boolean; end?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="page-header__start">{back ? <BackButton /> : null}</div>
      <h1 className="page-header__title">{title}</h1>
      <div className="page-header__end">{end}</div>
    </header>
  )
}
