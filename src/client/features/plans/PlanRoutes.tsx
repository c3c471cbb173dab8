import type { PlanItemDto } from '#shared/contract/plans'
import { APPOINTMENT_ALERT_LOCK_CODES } from '#shared/plan-locks'
import { usePage } from '#client/app/context.tsx'
import { CheckIcon, LockIcon, PlayIcon } from './icons'
import { truncate } from '#client/features/content/RouteCard.tsx'

const needsAppointmentAlert = (i: PlanItemDto) =>
  !!i.lock_code && (APPOINTMENT_ALERT_LOCK_CODES as readonly string[]).includes(i.lock_code)

/**
 * The routes of a plan in order (SPEC §2 "/journey", "/plan/{slug}"): title, description,
 * progress percent, the active one highlighted, a lock icon on locked ones. The next to unlock
 * says so, with the appointment alert (appointment locks) or the lock message (SPEC §4 display
 * rule). Locked routes are not links: they cannot be opened.
 */
export function PlanRoutes({
  items,
  planId,
  signedIn = true,
}: {
  items: PlanItemDto[]
  planId: number
  signedIn?: boolean
}) {
  const { t, href } = usePage()
  return (
    <ol className="plan-routes" data-testid="plan-routes">
      {items.map((item) => {
        const state = item.completed ? 'completed' : item.active ? 'active' : item.locked ? 'locked' : 'open'
        const link = href('route', { slug: item.route.slug, query: { plan_id: planId } })
        const body = (
          <>
            <span className="plan-route-icon" aria-hidden="true">
              {item.completed ? <CheckIcon /> : item.locked ? <LockIcon /> : <PlayIcon />}
            </span>
            <span className="plan-route-text">
              <strong className="plan-route-title">{item.route.title}</strong>
              {item.route.description && (
                <span className="plan-route-description">{truncate(item.route.description, 120)}</span>
              )}
              {signedIn && (
                <span className="plan-route-progress">
                  <progress max={100} value={item.progress} aria-label={t('journey.progress', { n: item.progress })} />
                  <span data-testid="plan-route-percent">{t('journey.route_progress', { n: item.progress })}</span>
                </span>
              )}
            </span>
            {item.locked && <span className="visually-hidden">{t('journey.locked')}</span>}
          </>
        )
        return (
          <li
            key={item.route.id}
            className={`plan-route plan-route-${state}`}
            data-testid="plan-route"
            data-state={state}
            data-slug={item.route.slug}
            aria-current={item.active ? 'step' : undefined}
          >
            {item.locked ? (
              <div className="plan-route-row">{body}</div>
            ) : (
              <a className="plan-route-row" href={link}>
                {body}
              </a>
            )}
            {item.next_to_unlock && (
              <div className="plan-route-next" data-testid="next-to-unlock">
                <span className="chip chip-next">{t('journey.next_to_unlock')}</span>
                {needsAppointmentAlert(item) ? (
                  <div className="alert alert-appointment" role="note" data-testid="appointment-alert">
                    <span>{item.lock_message ?? t('journey.need_appointment')}</span>
                    <a
                      className="button button-small"
                      href={href('appointments', { query: { tab: 'make_an_appointment' } })}
                    >
                      {t('journey.book_appointment')}
                    </a>
                  </div>
                ) : (
                  item.lock_message && (
                    <p className="plan-route-lock" data-testid="lock-message">
                      {item.lock_message}
                    </p>
                  )
                )}
              </div>
            )}
            {item.locked && !item.next_to_unlock && item.setting.need_finished_appointment && (
              <p className="plan-route-lock" data-testid="needs-appointment">
                {t('journey.need_appointment')}
              </p>
            )}
          </li>
        )
      })}
    </ol>
  )
}
