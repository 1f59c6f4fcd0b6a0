import { createFileRoute } from '@tanstack/react-router'
import { NotFoundScreen } from '../ui/not-found-screen.tsx'

export const Route = createFileRoute('/notFound')({
  component: NotFoundScreen,
})
