import type { PerformancePageData } from '#shared/contract/plans'
import { usePage } from '#client/app/context.tsx'
import { RouteCard } from '#client/features/content/RouteCard.tsx'

/** /performance's routes to explore, with their heading: a part hydrated at the first touch (Performance.tsx). */
export function ExploreRoutes({ routes }: { routes: PerformancePageData['routes'] }) {
  const { t } = usePage()
  return (
    <>
      <h2>{t('performance.explore')}</h2>
      <ul className="route-grid" data-testid="performance-routes">
        {routes.map((r) => (
          <li key={r.id}>
            <RouteCard route={r} />
          </li>
        ))}
      </ul>
    </>
  )
}
