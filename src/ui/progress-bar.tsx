import { useEffect, useState } from 'react'

/**
 * A thin bar across the top while a navigation runs. It creeps towards 90 %
 * while active and completes then fades when the navigation settles.
 */
export function ProgressBar({ active }: { active: boolean }) {
  const [phase, setPhase] = useState<'idle' | 'running' | 'done'>('idle')
  const [wasActive, setWasActive] = useState(active)
  if (active !== wasActive) {
    setWasActive(active)
    setPhase(active ? 'running' : 'done')
  }
  useEffect(() => {
    if (phase !== 'done') return
    const timer = setTimeout(() => setPhase('idle'), 400)
    return () => clearTimeout(timer)
  }, [phase])
  return (
    <div
      className={`progress-bar is-${phase}`}
      role="progressbar"
      aria-label="页面加载进度"
      aria-hidden={phase === 'idle'}
      aria-busy={phase === 'running'}
    />
  )
}
