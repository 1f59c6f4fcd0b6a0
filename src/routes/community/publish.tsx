import { createFileRoute } from '@tanstack/react-router'
import { PublishScreen } from '../../features/publish/publish-screen.tsx'

export const Route = createFileRoute('/community/publish')({
  component: PublishPage,
})

function PublishPage() {
  return <PublishScreen />
}
