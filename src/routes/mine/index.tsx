import { createFileRoute } from '@tanstack/react-router'
import { MineScreen } from '../../features/mine/mine-screen.tsx'

export const Route = createFileRoute('/mine/')({
  component: MineScreen,
})
