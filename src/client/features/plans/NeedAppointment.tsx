import type { RouteBlockPageData } from '#shared/contract/plans'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { CalendarIcon } from './icons'
import './plans.css'
import { ActionLinks } from '#client/components/ActionLinks.tsx'

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
      <ActionLinks
        className="plan-actions"
        actions={[
          { href: href('appointments', { query: { tab: 'make_an_appointment' } }), label: t('need_appointment.book') },
          { href: href('journey'), label: t('route_blocked.go_journey') },
        ]}
      />
    </section>
  )
}
