import type { RouteBlockPageData } from '#shared/contract/plans'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { CalendarIcon } from './icons'
import './plans.css'

/** A route that opens with an appointment (SPEC §4 need_appointment / need_finished_appointment, §8). */
export default function NeedAppointment({ data }: PageProps<RouteBlockPageData>) {
  const { t, href } = usePage()
  const block = data.block
  return (
    <section className="lock-page" data-testid="need-appointment">
      <p className="lock-icon" aria-hidden="true">
        <CalendarIcon size={40} />
      </p>
      <h1>{t('need_appointment.title')}</h1>
      {block && (
        <p className="lead">
          <strong>{block.route.title}</strong>
        </p>
      )}
      <p>{t('need_appointment.body')}</p>
      <div className="plan-actions">
        <a className="button button-primary" href={href('appointments', { query: { tab: 'make_an_appointment' } })}>
          {t('need_appointment.book')}
        </a>
        <a className="button" href={href('journey')}>
          {t('route_blocked.go_journey')}
        </a>
      </div>
    </section>
  )
}
