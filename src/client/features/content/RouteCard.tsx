import type { RouteDto } from '#shared/contract/content'
import { usePage } from '#client/app/context.tsx'
import { Cover } from '#client/components/Cover.tsx'

/** Soft gradient covers picked from the route id, for a route without a picture. */
const GRADIENTS = [
  ['#2f5d62', '#5e8b7e'],
  ['#4a4e69', '#9a8c98'],
  ['#355070', '#6d597a'],
  ['#3d5a80', '#98c1d9'],
  ['#52796f', '#84a98c'],
  ['#6d597a', '#b56576'],
]

export function RouteCard({
  route,
}: {
  route: Pick<RouteDto, 'id' | 'slug' | 'title' | 'description' | 'units_count' | 'images'>
}) {
  const { href, t } = usePage()
  const [a, b] = GRADIENTS[route.id % GRADIENTS.length]!
  const cover = route.images?.cover
  return (
    <a className="route-card" href={href('route', { slug: route.slug })} data-testid="route-card">
      {/* A picture (decorative: the title says what the route is), or a soft gradient when it has none. */}
      {cover ? (
        <Cover className="route-cover" src={cover} on="card" testId="card-cover" />
      ) : (
        <div className="route-cover" style={{ background: `linear-gradient(135deg, ${a}, ${b})` }} aria-hidden="true" />
      )}
      <div className="route-body">
        <h3>{route.title}</h3>
        {route.description && <p>{truncate(route.description, 120)}</p>}
        <span className="chip">{t('home.units', { n: route.units_count })}</span>
      </div>
    </a>
  )
}

/** SPEC §9: texts are cut at 120 characters by default. */
export function truncate(s: string, n: number) {
  return s.length <= n ? s : `${s.slice(0, n - 1).trimEnd()}…`
}
