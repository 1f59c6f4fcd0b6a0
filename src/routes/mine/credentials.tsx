import { createFileRoute } from '@tanstack/react-router'
import { CredentialsScreen } from '../../features/credentials/credentials-screen.tsx'

export const Route = createFileRoute('/mine/credentials')({
  component: CredentialsPage,
})

function CredentialsPage() {
  return <CredentialsScreen />
}
