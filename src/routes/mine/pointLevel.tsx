import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { sessionUserAtom } from '../../features/session/atoms.ts'
import { PointLevelScreen } from '../../features/welfare/point-level-screen.tsx'

export const Route = createFileRoute('/mine/pointLevel')({
  component: PointLevelPage,
})

function PointLevelPage() {
  const userId = useAtomValue(sessionUserAtom)?.id ?? null
  return <PointLevelScreen userId={userId} />
}
