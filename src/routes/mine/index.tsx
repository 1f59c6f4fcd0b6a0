import { createFileRoute } from '@tanstack/react-router'
import { LoginOrRegister, LogoutEntry } from '../../features/account/public.ts'
import { MineScreen } from '../../features/mine/mine-screen.tsx'
import { InstallEntry } from '../../features/pwa/install-entry.tsx'

export const Route = createFileRoute('/mine/')({
  component: MinePage,
})

function MinePage() {
  return <MineScreen installEntry={<InstallEntry />} guestEntry={<LoginOrRegister />} logoutEntry={<LogoutEntry />} />
}
