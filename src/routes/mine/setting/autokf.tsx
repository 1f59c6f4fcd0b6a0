import { createFileRoute } from '@tanstack/react-router'
import { AutoKfScreen } from '../../../features/support/autokf-screen.tsx'

export const Route = createFileRoute('/mine/setting/autokf')({
  component: AutoKfPage,
})

function AutoKfPage() {
  return <AutoKfScreen />
}
