import { createFileRoute } from '@tanstack/react-router'
import { ChangePhoneScreen } from '../../../features/account/change-phone-screen.tsx'

export const Route = createFileRoute('/mine/setting/phone')({
  component: PhonePage,
})

function PhonePage() {
  return <ChangePhoneScreen />
}
