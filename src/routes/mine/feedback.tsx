import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import type { Feedback } from '../../../core/contracts/support.ts'
import { createPagedList, pagedListFor } from '../../features/catalogue/paged-list.ts'
import { appConfigAtom, sessionUserAtom } from '../../features/session/atoms.ts'
import { feedbackSource, type FeedbackPage } from '../../features/support/api.ts'
import { FeedbackListScreen } from '../../features/support/feedback-list-screen.tsx'

export const Route = createFileRoute('/mine/feedback')({
  component: FeedbackPage,
})

function FeedbackPage() {
  const config = useAtomValue(appConfigAtom)
  const { key, fetchPage } = feedbackSource(useAtomValue(sessionUserAtom)?.id ?? null)
  const list = pagedListFor(key, () => createPagedList<Feedback, FeedbackPage>(key, fetchPage))
  return <FeedbackListScreen list={list} config={config} />
}
