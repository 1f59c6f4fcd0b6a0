import { createFileRoute } from '@tanstack/react-router'
import { ModifyPasswordScreen } from '../../../features/account/modify-password-screen.tsx'

export const Route = createFileRoute('/mine/setting/modifyPassword')({
  component: ModifyPasswordPage,
})

function ModifyPasswordPage() {
  return <ModifyPasswordScreen />
}
