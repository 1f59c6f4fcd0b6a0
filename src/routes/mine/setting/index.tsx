import { createFileRoute } from '@tanstack/react-router'
import { SettingsScreen } from '../../../features/pwa/settings-screen.tsx'

export const Route = createFileRoute('/mine/setting/')({
  component: SettingPage,
})

function SettingPage() {
  return <SettingsScreen />
}
