import { useId, useState } from 'react'
import type { SharedDto } from '#shared/contract/shares'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { formatDate } from '#client/components/dates.ts'
import { MoodTrend } from '#client/features/checkins/MoodTrend.tsx'
import { SAFETY_STEPS } from '#shared/safety'
import '#client/features/checkins/checkins.css'
import './shares.css'

const { appointmentShared } = contract(() => import('#shared/contract/shares'))

/**
 * "Before the session" / "Antes de la sesión" on the psychologist's agenda (issue 44 §2): what the
 * person shares, read only when the psychologist opens it (each read is a view the person sees),
 * never kept: closed, it is gone from the page.
 */
export default function BeforeSession({ appointmentId, name }: { appointmentId: number; name: string }) {
  const { t } = usePage()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [shared, setShared] = useState<SharedDto | null | 'failed'>(null)

  async function toggle() {
    if (open) {
      setOpen(false)
      setShared(null)
      return
    }
    setOpen(true)
    const res = await call(appointmentShared, { input: { id: appointmentId }, silent: true })
    setShared(res.success ? res : 'failed')
  }

  return (
    <div className="before-session" data-testid="before-session">
      <button
        type="button"
        className="button before-toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => void toggle()}
        data-testid="before-session-toggle"
      >
        {t('shares.before.open', { name })}
      </button>
      {open && (
        <div id={`${id}-panel`} className="before-panel" role="region" aria-label={t('shares.before.title')}>
          {shared === null ? (
            <p className="field-hint" role="status">
              {t('shares.before.loading', { name })}
            </p>
          ) : shared === 'failed' ? (
            <p className="form-alert form-alert-info" role="status">
              {t('shares.before.failed')}
            </p>
          ) : (
            <Shared s={shared} />
          )}
        </div>
      )}
    </div>
  )
}

function Shared({ s }: { s: SharedDto }) {
  const { t, boot } = usePage()
  const day = (d: string) =>
    formatDate(`${d}T12:00:00Z`, { locale: boot.locale, timeZone: 'UTC' }, { day: 'numeric', month: 'short' })
  const nothing = !s.checkins && !s.notes && !s.practice && !s.safety_plan && !s.recommendations
  return (
    <div className="before-parts" data-testid="before-session-content">
      <p className="field-hint">{t('shares.before.private')}</p>
      {nothing && <p>{t('shares.before.nothing')}</p>}
      {s.checkins && (
        <MoodTrend
          trend={s.checkins}
          title={t('shares.before.trend_title')}
          caption={t('shares.before.trend_title')}
          level="h4"
        />
      )}
      {s.notes && (
        <section className="before-part" data-testid="before-notes">
          <h4>{t('shares.before.notes_title')}</h4>
          {s.notes.length ? (
            <ul>
              {s.notes.map((n) => (
                <li key={n.day}>
                  <strong>{day(n.day)}</strong> {n.note}
                </li>
              ))}
            </ul>
          ) : (
            <p className="field-hint">{t('shares.before.notes_none')}</p>
          )}
        </section>
      )}
      {s.practice && (
        <section className="before-part" data-testid="before-practice">
          <h4>
            {t('shares.before.practice_title', {
              since: formatDate(s.practice.since, boot, { day: 'numeric', month: 'long' }),
            })}
          </h4>
          <dl className="before-numbers">
            {(['routes_completed', 'units_completed', 'minutes_listened', 'days_active'] as const).map((k) => (
              <div key={k}>
                <dt>{t(`shares.before.${k}`)}</dt>
                <dd>{s.practice![k]}</dd>
              </div>
            ))}
          </dl>
          {s.practice.routes.length > 0 && (
            <p>{t('shares.before.routes_list', { routes: s.practice.routes.map((r) => r.title).join(', ') })}</p>
          )}
          {s.practice.recommended && (
            <>
              <h5>{t('shares.before.recommended_title')}</h5>
              <ul>
                {s.practice.recommended.map((r) => (
                  <li key={r.id}>
                    {r.title}: {r.done ? t('shares.before.recommended_done') : t('shares.before.recommended_not_done')}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
      {s.safety_plan && (
        <section className="before-part" data-testid="before-safety-plan">
          <h4>{t('shares.before.plan_title')}</h4>
          {SAFETY_STEPS.map((step) => {
            const lines = s.safety_plan![step]
            if (!lines.length) return null
            return (
              <div key={step} className="before-step">
                <h5>{t(`shares.before.steps.${step}`)}</h5>
                <ul>
                  {lines.map((line, i) => (
                    <li key={i}>
                      {typeof line === 'string' ? line : [line.name, line.phone].filter(Boolean).join(' · ')}
                    </li>
                  ))}
                </ul>
              </div>
            )
          })}
        </section>
      )}
      {s.recommendations && (
        <section className="before-part" data-testid="before-recommendations">
          <h4>{t('shares.before.recommendations_title')}</h4>
          <ul>
            {s.recommendations.map((r) => (
              <li key={r.id}>
                <strong>
                  {t('shares.before.recommended_on', {
                    date: formatDate(r.created_at, boot, { day: 'numeric', month: 'long' }),
                  })}
                </strong>
                {r.routes.length > 0 && <span> {r.routes.map((x) => x.title).join(', ')}.</span>}
                {r.note && <span> {r.note}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
