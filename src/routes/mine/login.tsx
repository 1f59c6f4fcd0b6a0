import { createFileRoute } from '@tanstack/react-router'
import { LoginScreen } from '../../features/account/login-screen.tsx'

export const Route = createFileRoute('/mine/login')({
  component: LoginPage,
})

function LoginPage() {
  return <LoginScreen />
}
