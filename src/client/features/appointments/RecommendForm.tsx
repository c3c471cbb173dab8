import { useEffect, useId, useState } from 'react'
import type { AppointmentDto } from '#shared/contract/appointments'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { PanelActions } from './PanelActions'
import '#client/components/forms.css'

const { recommend } = contract(() => import('#shared/contract/care'))
const { listRoutes } = contract(() => import('#shared/contract/content'))

const MAX_ROUTES = 3
const NOTE_MAX = 500

/**
 * After a session closed as attended, its psychologist recommends one to three routes in the
 * person's language, with a short note (issue 44 §3, POST /v1/appointment/recommend). The
 * person sees them on /journey ("From your psychologist") and is told on their channels.
 */
export function RecommendForm({
  appointment: a,
  guestName,
  onClose,
}: {
  appointment: AppointmentDto
  guestName: string
  onClose: () => void
}) {
  const { t, locale } = usePage()
  const id = useId()
  const language = a.guest?.language ?? locale
  const [routes, setRoutes] = useState<{ id: number; title: string }[] | null>(null)
  const [chosen, setChosen] = useState<number[]>([])
  const [note, setNote] = useState('')
  const [sent, setSent] = useState('')
  const form = useForm()
  const { busy, errors } = form

  useEffect(() => {
    void call(listRoutes, {
      input: { language, per_page: 100, order_by: 'title' },
      silent: true,
    }).then((res) => setRoutes(res.success ? res.routes.map((r) => ({ id: r.id, title: r.title })) : []))
  }, [language])

  async function submit() {
    const res = await form.send(() =>
      call(recommend, { input: { id: a.id, route_ids: chosen, note: note.trim() || undefined } }),
    )
    if (res && routes)
      setSent(
        t('care.recommend.sent', {
          titles: routes
            .filter((r) => chosen.includes(r.id))
            .map((r) => r.title)
            .join(', '),
        }),
      )
  }
  const languageName = t(`care.languages.${language}`)
  return (
    <form className="appt-panel" onSubmit={form.onSubmit(submit)} data-testid="recommend-form">
      <h3 className="appt-panel-title">{t('care.recommend.title', { name: guestName })}</h3>
      <p className="field-hint">{t('care.recommend.intro', { name: guestName, language: languageName })}</p>
      <fieldset
        className="choices"
        aria-describedby={errors.route_ids ? `${id}-routes-error` : undefined}
        data-testid="recommend-routes"
      >
        <legend>{t('care.recommend.routes')}</legend>
        {routes === null ? null : routes.length === 0 ? (
          <p className="muted">{t('care.recommend.none', { language: languageName })}</p>
        ) : (
          routes.map((r) => {
            const on = chosen.includes(r.id)
            return (
              <label key={r.id} className={`choice${on ? ' choice-on' : ''}`}>
                <input
                  type="checkbox"
                  name="route_ids"
                  value={r.id}
                  checked={on}
                  disabled={!on && chosen.length >= MAX_ROUTES}
                  onChange={() => {
                    setChosen(on ? chosen.filter((x) => x !== r.id) : [...chosen, r.id])
                    form.clearError('route_ids')
                  }}
                />
                <span>{r.title}</span>
              </label>
            )
          })
        )}
      </fieldset>
      {errors.route_ids && (
        <p id={`${id}-routes-error`} className="field-error" role="alert">
          {errors.route_ids}
        </p>
      )}
      <div className={`field${errors.note ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-note`}>{t('care.recommend.note')}</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-describedby={`${id}-note-hint${errors.note ? ` ${id}-note-error` : ''}`}
          data-testid="recommend-note"
        />
        <p id={`${id}-note-hint`} className="field-hint">
          {t('care.recommend.note_hint', { max: NOTE_MAX })}
        </p>
        {errors.note && (
          <p id={`${id}-note-error`} className="field-error">
            {errors.note}
          </p>
        )}
      </div>
      <p role="status" className="muted" data-testid="recommend-status">
        {sent}
      </p>
      <PanelActions
        busy={busy}
        ready={chosen.length > 0}
        testId="recommend-submit"
        submit={busy ? t('care.recommend.sending') : t('care.recommend.send')}
        leave={t('care.recommend.cancel')}
        onLeave={onClose}
      />
    </form>
  )
}
