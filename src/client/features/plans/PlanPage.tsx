import { useEffect } from 'react'
import type { PlanPageData } from '#shared/contract/plans'
import { DELAYS_MS } from '#shared/limits'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { PlanRoutes } from './PlanRoutes'
import './plans.css'

/**
 * A plan (SPEC §2 "/plan/{slug}", the id from ?plan_id=): title, description, its routes with
 * progress and lock state; the active route is scrolled into view after 1 second when there is
 * more than one route.
 */
export default function PlanPage({ data, boot }: PageProps<PlanPageData>) {
  const { t, href } = usePage()
  const { plan, items } = data

  useEffect(() => {
    if (items.length < 2) return
    const timer = setTimeout(
      () =>
        document
          .querySelector('.plan-route[aria-current="step"]')
          ?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
      DELAYS_MS.planScroll,
    )
    return () => clearTimeout(timer)
  }, [items.length])

  return (
    <section className="plan-page" data-testid="plan-page">
      {boot.user && (
        <a className="back-link" href={href('journey')}>
          ← {t('plan_page.back')}
        </a>
      )}
      <h1>{plan.title}</h1>
      {plan.description && <p className="lead">{plan.description}</p>}
      {data.assigned && (
        <div className="plan-progress" data-testid="plan-progress">
          <progress max={100} value={data.progress} aria-hidden="true" />
          <span>{t('journey.progress', { n: data.progress })}</span>
        </div>
      )}
      <h2>{t('plan_page.routes')}</h2>
      <PlanRoutes items={items} planId={plan.id} signedIn={data.assigned} />
      {!boot.user && (
        <a
          className="button button-primary"
          href={href('login', { query: { redirect: href('plan', { slug: plan.slug, query: { plan_id: plan.id } }) } })}
        >
          {t('plan_page.start')}
        </a>
      )}
    </section>
  )
}
