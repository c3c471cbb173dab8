import { useId } from 'react'
import { usePage } from '#client/app/context.tsx'

/**
 * After a check-in at the lowest step: help offered gently (/help and the safety plan), never
 * pushed (issue 34 §4). A first-touch part of the check-in (CheckinBlock, decision 072).
 */
export function CheckinHelp() {
  const { t, href } = usePage()
  const id = useId()
  return (
    <aside className="checkin-help" aria-labelledby={`${id}-help`} data-testid="checkin-help">
      <h3 id={`${id}-help`}>{t('checkins.help.title')}</h3>
      <p>{t('checkins.help.body')}</p>
      <a className="button" href={href('help')} data-testid="checkin-help-link">
        {t('checkins.help.link')}
      </a>{' '}
      <a className="button" href={`${href('help')}#safety-plan`} data-testid="checkin-safety-plan">
        {t('care.plan.link')}
      </a>
    </aside>
  )
}
