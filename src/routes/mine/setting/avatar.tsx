import { createFileRoute } from '@tanstack/react-router'
import { AvatarScreen } from '../../../features/avatar/avatar-screen.tsx'

export const Route = createFileRoute('/mine/setting/avatar')({
  component: AvatarPage,
})

function AvatarPage() {
  return <AvatarScreen />
}
