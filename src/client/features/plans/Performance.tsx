import type { PerformancePageData } from '#shared/contract/plans'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { untilTouched } from '#client/components/TouchPart.tsx'
import { continueTarget } from './continue'
import { EngagementBlock } from '#client/features/engagement/EngagementBlock.tsx'
import './plans.css'
// With the page, not the check-in's chunk: the server's check-in is painted styled before its code.
import '#client/components/forms.css'
import '#client/features/checkins/checkins.css'

// How one feels today hydrates with the page, not at the first touch (decision 069 tried that):
// held until its code came, a tapped face showed unchosen for a moment, then chosen; the faces
// are left to the browser until React is there (CheckinBlock), so a first tap is never lost.
import { CheckinBlock } from '#client/features/checkins/CheckinBlock.tsx'

// The routes to explore are links painted by the server: their code (the cards, the covers) comes
// at the first touch (decision 072).
const ExploreRoutes = untilTouched(() => import('./ExploreRoutes').then((m) => m.ExploreRoutes))

/**
 * Home tab (SPEC §2 "/performance"): a greeting by first initial, 'Continue with your plan'
 * (to /journey), a contact link, a top block with the plan's progress and next step, and a list
 * of routes to explore; how I feel today (the daily check-in) beside the practice.
 */
export default function Performance({ data, boot }: PageProps<PerformancePageData>) {
  const { t, href } = usePage()
  const initial = boot.user?.name?.trim().charAt(0).toLocaleUpperCase()
  const status = data.status
  const next = status ? continueTarget(status.items) : null
  return (
    <section className="performance" data-testid="performance">
      <header className="performance-hello">
        <span className="avatar" aria-hidden="true">
          {initial ?? '☺'}
        </span>
        <div>
          <h1 data-testid="greeting">
            {initial ? t('performance.greeting', { initial }) : t('performance.greeting_anonymous')}
          </h1>
          <p className="lead">{t('performance.intro')}</p>
        </div>
      </header>
      <div className="top-block" data-testid="top-block">
        {status ? (
          <>
            <p className="eyebrow">{status.plan.title}</p>
            <div className="plan-progress">
              <progress max={100} value={status.progress} aria-hidden="true" />
              <span>{t('performance.plan_progress', { n: status.progress })}</span>
            </div>
            {next && (
              <p>
                {t('performance.now')}: <strong>{next.route.title}</strong>
              </p>
            )}
          </>
        ) : (
          <p>{t('performance.no_plan')}</p>
        )}
        <div className="plan-actions">
          <a className="button button-primary" href={href('journey')} data-testid="continue-plan">
            {t('performance.continue')}
          </a>
          <a className="button" href={href('contact')} data-testid="performance-contact">
            {t('performance.contact')}
          </a>
        </div>
      </div>
      {/* How one feels today, beside the practice (issue 34 §4). */}
      <div className="performance-today">
        <CheckinBlock initial={data.checkin} />
        <EngagementBlock />
      </div>
      <h2>{t('performance.explore')}</h2>
      <ExploreRoutes routes={data.routes} />
    </section>
  )
}
