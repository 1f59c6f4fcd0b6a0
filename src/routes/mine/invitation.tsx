import { createFileRoute } from '@tanstack/react-router'
import { InvitationScreen } from '../../features/invitations/invitation-screen.tsx'

export const Route = createFileRoute('/mine/invitation')({
  component: InvitationPage,
})

function InvitationPage() {
  return <InvitationScreen />
}
