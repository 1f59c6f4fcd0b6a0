import { createFileRoute } from '@tanstack/react-router'
import { ModifyIntroScreen } from '../../../features/account/profile-screens.tsx'

export const Route = createFileRoute('/mine/setting/modifiIntro')({
  component: ModifiIntroPage,
})

function ModifiIntroPage() {
  return <ModifyIntroScreen />
}
