import { CatchBoundary, Outlet, useRouter, type AnyRoute } from '@tanstack/react-router'
import { Activity, memo, Suspense, useState, type ComponentType } from 'react'
import { Skeleton } from '../../ui/state-views.tsx'
import { RouteErrorScreen } from './route-error.tsx'
import { KEEP_ALIVE_ROUTE_IDS } from './tabs.tsx'

/**
 * Renders the current page. Tab pages (tabs.tsx) are rendered by their route component
 * inside React's <Activity>: once visited they stay mounted, hidden while another page
 * shows, so their state survives; their effects pause while hidden. Every other page goes
 * through the router's <Outlet /> and is rebuilt on each visit.
 *
 * Kept pages must not depend on their match while hidden: they take data from feature
 * atoms, and search params through useLastDefined (lib/use-last-defined.ts).
 */
export function KeepAliveOutlet({ leafRouteId }: { leafRouteId: string | undefined }) {
  const [kept, setKept] = useState<readonly string[]>([])
  const current = leafRouteId !== undefined && KEEP_ALIVE_ROUTE_IDS.has(leafRouteId) ? leafRouteId : null
  if (current !== null && !kept.includes(current)) setKept([...kept, current])
  return (
    <>
      {kept.map((routeId) => (
        <Activity key={routeId} mode={routeId === current ? 'visible' : 'hidden'} name={routeId}>
          <KeptRoute routeId={routeId} />
        </Activity>
      ))}
      {current === null ? <Outlet /> : null}
    </>
  )
}

const KeptRoute = memo(function KeptRoute({ routeId }: { routeId: string }) {
  const router = useRouter()
  const route = (router.routesById as unknown as Record<string, AnyRoute | undefined>)[routeId]
  const Component = route?.options.component as ComponentType | undefined
  if (!Component) return null
  return (
    <CatchBoundary getResetKey={() => routeId} errorComponent={RouteErrorScreen}>
      <Suspense fallback={<Skeleton lines={4} />}>
        <Component />
      </Suspense>
    </CatchBoundary>
  )
})
