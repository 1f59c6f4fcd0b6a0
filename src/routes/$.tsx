import { createFileRoute } from '@tanstack/react-router'
import { NotFoundScreen } from '../ui/not-found-screen.tsx'

// The catch-all: any path no other route matches.
export const Route = createFileRoute('/$')({
  component: NotFoundScreen,
})
