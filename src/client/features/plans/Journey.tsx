import { useEffect, useState } from 'react'
import type { JourneyPageData } from '#shared/contract/plans'
import { call, contract } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { PlanRoutes } from './PlanRoutes'
import { continueTarget } from './continue'
import { Recommended } from './Recommended'
import { untilTouched } from '#client/components/TouchPart.tsx'
import './plans.css'

const { myPlanStatus } = contract(() => import('#shared/contract/plans'))
// The download button and what it brings (the offline store) at the first touch (decision 069);
// at once on a copy shown offline, which hides it.
const NextUnitsDownload = untilTouched(
  () => import('#client/features/playback/Downloads.tsx').then((m) => m.NextUnitsDownload),
  () => !!document.documentElement.dataset.offline,
)

/**
 * 'My Plan' (SPEC §2 "/journey"): the current plan's title and progress, 'View plan
 * information' and 'Continue' (disabled while loading or with no routes), its routes, the
 * empty state, and the contact and feedback links in a new window.
 */
export default function Journey({ data }: PageProps<JourneyPageData>) {
  const { t, href, boot } = usePage()
  const [status, setStatus] = useState(data.status)
  const [loading, setLoading] = useState(false)

  // Coming back with the browser's back button shows the page as it was: read it again.
  useEffect(() => {
    const reload = async () => {
      setLoading(true)
      const res = await call(myPlanStatus, { input: {} })
      setLoading(false)
      if (res.success) {
        if (res.status.just_finished) return void (window.location.href = href('planFinished'))
        setStatus(res.status)
      }
    }
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void reload()
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [href])

  const items = status?.items ?? []
  const next = continueTarget(items)
  return (
    <section className="journey" data-testid="journey">
      {status && items.length > 0 ? (
        <>
          <header className="plan-head">
            <p className="eyebrow">{t('journey.title')}</p>
            <h1 data-testid="plan-title">{status.plan.title}</h1>
            <div className="plan-progress" data-testid="plan-progress">
              <progress max={100} value={status.progress} aria-hidden="true" />
              <span>{t('journey.progress', { n: status.progress })}</span>
            </div>
            <div className="plan-actions">
              <a
                className="button"
                href={href('plan', { slug: status.plan.slug, query: { plan_id: status.plan.id } })}
                data-testid="view-plan"
              >
                {t('journey.view_plan')}
              </a>
              <button
                type="button"
                className="button button-primary"
                disabled={loading || !next}
                data-testid="continue"
                onClick={() =>
                  next &&
                  (window.location.href = href('route', { slug: next.route.slug, query: { plan_id: status.plan.id } }))
                }
              >
                {t('journey.continue')}
              </button>
            </div>
          </header>
          {/* Rendered by the server too, so the list below does not move when the page hydrates. */}
          {boot.user && next && <NextUnitsDownload route={next.route} planId={status.plan.id} user={boot.user.id} />}
          <Recommended list={data.recommendations} />
          <PlanRoutes items={items} planId={status.plan.id} />
        </>
      ) : (
        <>
          <h1>{t('journey.title')}</h1>
          <p className="empty" data-testid="journey-empty">
            {t('journey.empty')}
          </p>
          <button type="button" className="button button-primary" disabled data-testid="continue">
            {t('journey.continue')}
          </button>
          <Recommended list={data.recommendations} />
        </>
      )}
      <p className="journey-help">
        <a href={href('contact')} target="_blank" rel="noopener" data-testid="journey-contact">
          {t('journey.issues')} <span className="visually-hidden">{t('journey.new_window')}</span>
        </a>
        <a href={href('feedback')} target="_blank" rel="noopener" data-testid="journey-feedback">
          {t('journey.suggest')} <span className="visually-hidden">{t('journey.new_window')}</span>
        </a>
      </p>
    </section>
  )
}
