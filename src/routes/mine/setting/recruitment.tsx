import { createFileRoute } from '@tanstack/react-router'
import { RecruitmentScreen } from '../../../features/support/contact-screens.tsx'

export const Route = createFileRoute('/mine/setting/recruitment')({
  component: RecruitmentPage,
})

function RecruitmentPage() {
  return <RecruitmentScreen />
}
