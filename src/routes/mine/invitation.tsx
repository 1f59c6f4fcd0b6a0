import { createFileRoute } from '@tanstack/react-router'
import { InvitationScreen } from '../../features/invitations/invitation-screen.tsx'
import { freshList } from './-fresh-list.ts'

export const Route = createFileRoute('/mine/invitation')({
  component: InvitationPage,
})

function InvitationPage() {
  return <InvitationScreen makeList={freshList} />
}
