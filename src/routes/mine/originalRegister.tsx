import { createFileRoute } from '@tanstack/react-router'
import { RegisterScreen } from '../../features/account/register-screen.tsx'

export const Route = createFileRoute('/mine/originalRegister')({
  component: OriginalRegisterPage,
})

function OriginalRegisterPage() {
  return <RegisterScreen />
}
