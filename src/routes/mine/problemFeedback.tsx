import { createFileRoute } from '@tanstack/react-router'
import { FeedbackFormScreen } from '../../features/support/feedback-form-screen.tsx'

export const Route = createFileRoute('/mine/problemFeedback')({
  component: ProblemFeedbackPage,
})

function ProblemFeedbackPage() {
  return <FeedbackFormScreen />
}
