import type { RoutePageData } from '#shared/contract/content'
import { usePage, type PageProps } from '#client/app/context.tsx'
import RouteUnits from '#client/features/playback/RouteUnits.tsx'
import { LikeButton } from './LikeButton'
import { useAgencyFocus } from './agency'
import { backHref } from '#client/app/back.ts'
import { Cover } from '#client/components/Cover.tsx'

/**
 * A route (SPEC §2 "/route/{slug}"): its units (playing needs a signed-in user), the like, and
 * for signed-in non-subscribers arriving without plan_id two promo cards to the call-back page
 * ('Talk to experts', "Let's continue together") and 'In a moment', which scrolls to the units.
 */
export default function Route({ data, boot }: PageProps<RoutePageData>) {
  const { t, href } = usePage()
  const route = data.route
  useAgencyFocus(!!boot.user, boot.query)
  // SPEC §2: back goes to the plan when plan_id is present; the header's ← uses the same answer.
  const back = backHref(boot, href) ?? undefined
  return (
    <article className="route-page">
      <a className="back-link" href={back}>
        ← {t('frame.back')}
      </a>
      {route.images?.cover && <Cover className="page-cover" src={route.images.cover} on="page" testId="route-cover" />}
      <h1>{route.title}</h1>
      {route.description && <p className="lead">{route.description}</p>}
      <LikeButton routeId={route.id} slug={route.slug} liked={!!route.liked_by_me} likes={route.stats?.likes ?? 0} />
      <div className="badges">
        {route.symptoms.map((s) => (
          <a className="badge" key={s.id} href={href('routes', { query: { keyword: s.title } })}>
            {s.title}
          </a>
        ))}
      </div>
      {boot.user && !boot.user.subscriber && !boot.query.plan_id && (
        <section className="promo" aria-label={t('route_page.promo_title')} data-testid="route-promo">
          <h2>{t('route_page.promo_title')}</h2>
          <div className="promo-cards">
            <a className="promo-card" href={href('letstalk')}>
              <strong>{t('route_page.talk_to_experts')}</strong>
              <span>{t('route_page.talk_to_experts_body')}</span>
            </a>
            <a className="promo-card" href={href('letstalk')}>
              <strong>{t('route_page.continue_together')}</strong>
              <span>{t('route_page.continue_together_body')}</span>
            </a>
          </div>
          <button
            type="button"
            className="button"
            onClick={() => document.getElementById('units')?.scrollIntoView({ behavior: 'smooth' })}
            data-testid="in-a-moment"
          >
            {t('route_page.in_a_moment')}
          </button>
        </section>
      )}
      <h2 id="units">{t('route_page.units')}</h2>
      <RouteUnits route={route} />
    </article>
  )
}
