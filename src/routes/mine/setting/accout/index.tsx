import { createFileRoute } from '@tanstack/react-router'
import { AccountScreen } from '../../../../features/account/account-screen.tsx'

export const Route = createFileRoute('/mine/setting/accout/')({
  component: AccountPage,
})

function AccountPage() {
  return <AccountScreen />
}
