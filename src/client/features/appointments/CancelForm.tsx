import { useId, useState } from 'react'
import type { AppointmentDto } from '#shared/contract/appointments'
import { CancellationReason } from '#shared/appointment-enums'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { dollars, FREE_CANCEL_BEFORE_MS, inMoveWindow, movable, REASONS } from './format'
import { PanelActions } from './PanelActions'
import { MAX_MOVES } from '#shared/limits'
import '#client/components/forms.css'

const { cancel } = contract(() => import('#shared/contract/appointments'))

interface Props {
  appointment: AppointmentDto
  side: 'guest' | 'host' | 'other'
  /** The cancellation went through: the appointment as it is now, and the credits given back. */
  onDone: (a: AppointmentDto, refunded: number) => void
  onKeep: () => void
  /** Open the move panel instead (the guest chose "I prefer to reschedule", issue 42 §5). */
  onMove?: () => void
}

/**
 * Cancel with a reason (SPEC §4: the nine reasons; 'Other' asks for a few words). Says before
 * the tap whether the credits come back (a guest, 24 hours or more before; a host, always).
 */
export function CancelForm({ appointment: a, side, onDone, onKeep, onMove }: Props) {
  const { t, locale } = usePage()
  const id = useId()
  const [reason, setReason] = useState('')
  const [text, setText] = useState('')
  const form = useForm()
  const { busy, errors } = form
  const other = Number(reason) === CancellationReason.other
  // Wanting another date is what moving a session is for (decision 047): offered first, while
  // cancelling stays one tap away; when it cannot be moved, the reason is said.
  const reschedule = side === 'guest' && Number(reason) === CancellationReason.prefer_to_reschedule

  // Read when the form opens: the note is about "now", and the server decides anyway.
  const [early] = useState(() => new Date(a.start_at).getTime() - Date.now() >= FREE_CANCEL_BEFORE_MS)
  const note =
    a.price_credits <= 0
      ? null
      : side === 'guest'
        ? early
          ? t('appointment_pages.refund_full', { amount: dollars(a.price_credits, locale) })
          : t('appointment_pages.refund_late', { amount: dollars(a.price_credits, locale) })
        : t('appointment_pages.refund_host')

  async function submit() {
    const res = await form.send(() =>
      call(cancel, {
        input: { id: a.id, reason: reason ? Number(reason) : undefined, reason_text: other ? text.trim() : undefined },
      }),
    )
    if (res) onDone(res.appointment, res.refunded_credits)
  }

  return (
    <form className="appt-panel appt-cancel" onSubmit={form.onSubmit(submit)} noValidate data-testid="cancel-form">
      <p className="appt-panel-title">{t('appointment_pages.cancel_title')}</p>
      <div className={`field${errors.reason ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-reason`}>{t('appointment_pages.reason_label')}</label>
        <select
          id={`${id}-reason`}
          name="reason"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value)
            form.setErrors({})
          }}
          aria-invalid={errors.reason ? true : undefined}
          data-testid="cancel-reason"
        >
          <option value="">{t('appointment_pages.reason_choose')}</option>
          {REASONS.map(([key, value]) => (
            <option key={key} value={value}>
              {t(`appointments.reason.${key}`)}
            </option>
          ))}
        </select>
        {errors.reason && <p className="field-error">{errors.reason}</p>}
      </div>
      {other && (
        <div className={`field${errors.reason_text ? ' field-invalid' : ''}`}>
          <label htmlFor={`${id}-text`}>{t('appointment_pages.reason_text_label')}</label>
          <textarea
            id={`${id}-text`}
            name="reason_text"
            rows={3}
            maxLength={1000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={errors.reason_text ? true : undefined}
            data-testid="cancel-text"
          />
          {errors.reason_text && <p className="field-error">{errors.reason_text}</p>}
        </div>
      )}
      {reschedule && (
        <div className="form-alert form-alert-info appt-reschedule" role="status" data-testid="reschedule-offer">
          {movable(a) && onMove ? (
            <>
              <p>
                {a.price_credits > 0
                  ? t('first_week.reschedule.offer', { amount: dollars(a.price_credits, locale) })
                  : t('first_week.reschedule.offer_free')}
              </p>
              <button type="button" className="button button-primary" onClick={onMove} data-testid="reschedule-move">
                {t('first_week.reschedule.move')}
              </button>
            </>
          ) : (
            <p>
              {a.moves_left <= 0 && inMoveWindow(a)
                ? t('first_week.reschedule.used', { max: MAX_MOVES })
                : t('first_week.reschedule.too_late')}
            </p>
          )}
        </div>
      )}
      {note && (
        <p className={`field-hint${side === 'guest' && !early ? ' appt-policy-loses' : ''}`} data-testid="refund-note">
          {note}
        </p>
      )}
      <PanelActions
        busy={busy}
        ready={!!reason}
        danger
        testId="cancel-submit"
        submit={busy ? t('appointment_pages.cancelling') : t('appointment_pages.cancel_submit')}
        leave={t('appointment_pages.keep')}
        onLeave={onKeep}
      />
    </form>
  )
}
