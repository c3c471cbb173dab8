import type { PerformancePageData } from '#shared/contract/plans'
import { RouteCard } from '#client/features/content/RouteCard.tsx'

/** /performance's routes to explore: a part hydrated at the first touch (Performance.tsx). */
export function ExploreRoutes({ routes }: { routes: PerformancePageData['routes'] }) {
  return (
    <ul className="route-grid" data-testid="performance-routes">
      {routes.map((r) => (
        <li key={r.id}>
          <RouteCard route={r} />
        </li>
      ))}
    </ul>
  )
}
