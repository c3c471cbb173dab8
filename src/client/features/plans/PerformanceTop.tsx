import type { PerformancePageData } from '#shared/contract/plans'
import { usePage } from '#client/app/context.tsx'
import { continueTarget } from './continue'

/**
 * /performance's greeting by first initial and its top block (the plan's progress and next step,
 * 'Continue with your plan', a contact link): a part hydrated at the first touch (Performance.tsx).
 */
export function PerformanceTop({ status, name }: { status: PerformancePageData['status']; name: string | null }) {
  const { t, href } = usePage()
  const initial = name?.trim().charAt(0).toLocaleUpperCase()
  const next = status ? continueTarget(status.items) : null
  return (
    <>
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
    </>
  )
}
