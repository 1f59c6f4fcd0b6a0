import { createFileRoute } from '@tanstack/react-router'
import { BindPhoneScreen } from '../../../features/account/bind-phone-screen.tsx'

export const Route = createFileRoute('/mine/setting/bindPhone')({
  component: BindPhonePage,
})

function BindPhonePage() {
  return <BindPhoneScreen />
}
