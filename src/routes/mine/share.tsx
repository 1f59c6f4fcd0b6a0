import { createFileRoute } from '@tanstack/react-router'
import { ShareScreen } from '../../features/invitations/share-screen.tsx'

export const Route = createFileRoute('/mine/share')({
  component: SharePage,
})

function SharePage() {
  return <ShareScreen />
}
