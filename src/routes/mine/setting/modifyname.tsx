import { createFileRoute } from '@tanstack/react-router'
import { ModifyNameScreen } from '../../../features/account/profile-screens.tsx'

export const Route = createFileRoute('/mine/setting/modifyname')({
  component: ModifynamePage,
})

function ModifynamePage() {
  return <ModifyNameScreen />
}
