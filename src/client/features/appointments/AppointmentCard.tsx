import { useId, useState, type ReactNode } from 'react'
import type { AppointmentDto } from '#shared/contract/appointments'
import { AppointmentStatus, MeetingChannel } from '#shared/enums'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { CancelForm } from './CancelForm'
import { MoveForm, movable } from './MoveForm'
import { channelName, clock, isLive, longDay, otherOf, reasonName, sideOf, statusName, zoneShort } from './format'

const { close, confirm, setMeeting } = contract(() => import('#shared/contract/appointments'))

export type CardChange =
  | { kind: 'confirmed' | 'closed' | 'meeting' | 'moved'; appointment: AppointmentDto }
  | { kind: 'cancelled'; appointment: AppointmentDto; refunded: number }

interface Props {
  appointment: AppointmentDto
  /** Called after a change went through (the server's message is already a notification). */
  onChange?: (change: CardChange) => void
  /** Hide the actions (the mail-link page draws its own after a change). */
  actions?: boolean
  /** Open the cancel form at once (?action=cancel on the mail-link page). */
  startCancelling?: boolean
  headingLevel?: 'h2' | 'h3'
}

/**
 * One appointment: when (in the viewer's zone), with whom, how, its state; the meeting link
 * once confirmed; Confirm while the viewer has not; Cancel with a reason while it is live;
 * for the host, the meeting details and, once it has started, Close.
 */
export function AppointmentCard({
  appointment: a,
  onChange,
  actions = true,
  startCancelling = false,
  headingLevel: H = 'h3',
}: Props) {
  const { t, boot } = usePage()
  const zone = boot.timeZone
  const side = sideOf(a, boot.user?.id)
  const other = otherOf(a, side)
  const otherName = other?.name ?? t('appointment_pages.someone')
  const live = isLive(a)
  const mineConfirmed = side === 'host' ? a.confirmed_by_host : side === 'guest' ? a.confirmed_by_guest : true
  const [panel, setPanel] = useState<'cancel' | 'meeting' | 'close' | 'move' | null>(
    startCancelling && live ? 'cancel' : null,
  )
  const { busy, send } = useForm()

  let state: { text: string; tone: 'ok' | 'wait' | 'you' | 'past' | 'cancelled' }
  if (a.status === AppointmentStatus.confirmed) state = { text: t('appointment_pages.state.confirmed'), tone: 'ok' }
  else if (a.status === AppointmentStatus.pending) {
    state = !mineConfirmed
      ? { text: t('appointment_pages.state.waiting_you'), tone: 'you' }
      : { text: t('appointment_pages.state.waiting_other', { name: otherName }), tone: 'wait' }
  } else
    state = {
      text: a.properties?.status ?? statusName(t, a.status),
      tone: a.status === AppointmentStatus.cancelled ? 'cancelled' : 'past',
    }

  async function doConfirm() {
    const res = await send(() => call(confirm, { input: { id: a.id } }))
    if (res) onChange?.({ kind: 'confirmed', appointment: res.appointment })
  }

  const started = new Date(a.start_at).getTime() <= Date.now()
  const canClose = side === 'host' && a.status === AppointmentStatus.confirmed && started
  const channel = a.properties?.meeting_channel ?? channelName(t, a.meeting_channel)
  const reason = a.reason_for_cancellation ? reasonName(t, a.reason_for_cancellation) : ''
  // For WhatsApp the server's link is a chat with the psychologist: for the guest only.
  const joinLink = side === 'host' && a.meeting_channel === MeetingChannel.whatsapp ? null : a.meeting_link

  return (
    <article
      className={`appt-card appt-tone-${state.tone}`}
      data-testid="appointment"
      data-id={a.id}
      data-status={a.status}
      aria-labelledby={`appt-${a.id}-when`}
    >
      <div className="appt-when">
        <H className="appt-day" id={`appt-${a.id}-when`}>
          {longDay(a.start_at, boot.locale, zone)}
        </H>
        <p className="appt-time">
          <time dateTime={a.start_at}>{clock(a.start_at, boot.locale, zone)}</time>
          {' – '}
          <time dateTime={a.end}>{clock(a.end, boot.locale, zone)}</time>
          <span className="appt-zone"> {zoneShort(a.start_at, boot.locale, zone)}</span>
        </p>
      </div>
      <div className="appt-who">
        <span className="appt-avatar" aria-hidden="true">
          {otherName.charAt(0).toUpperCase()}
        </span>
        <div>
          <p className="appt-name" data-testid="appointment-with">
            {t('appointment_pages.with', { name: otherName })}
          </p>
          <p className="appt-meta">
            {side === 'host' ? t('appointment_pages.role_patient') : t('appointment_pages.role_psychologist')}
            {channel && (
              <>
                {' '}
                · <span data-testid="appointment-channel">{channel}</span>
              </>
            )}
          </p>
        </div>
      </div>
      <p className={`appt-state appt-state-${state.tone}`} data-testid="appointment-state">
        <span className="appt-dot" aria-hidden="true" />
        {state.text}
      </p>
      {a.status === AppointmentStatus.cancelled && reason && (
        <p className="appt-reason" data-testid="appointment-reason">
          {t('appointment_pages.reason', {
            reason: a.reason_for_cancellation_text ? `${reason} · ${a.reason_for_cancellation_text}` : reason,
          })}
        </p>
      )}
      {a.status === AppointmentStatus.confirmed && (joinLink || a.meeting_indications) && (
        <div className="appt-meeting">
          {joinLink && (
            <a
              className="button button-primary appt-main"
              href={joinLink}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="meeting-link"
            >
              {t('appointment_pages.join')}
            </a>
          )}
          {a.meeting_indications && (
            <p className="appt-indications">
              <strong>{t('appointment_pages.indications')}:</strong> {a.meeting_indications}
            </p>
          )}
        </div>
      )}

      {actions && live && side !== 'other' && panel === null && (
        <div className="appt-actions">
          {!mineConfirmed && (
            <button
              type="button"
              className="button button-primary appt-main"
              onClick={doConfirm}
              disabled={busy}
              data-testid="confirm"
            >
              {busy ? t('appointment_pages.confirming') : t('appointment_pages.confirm')}
            </button>
          )}
          {canClose && (
            <button
              type="button"
              className="button button-small"
              onClick={() => setPanel('close')}
              data-testid="close-open"
            >
              {t('appointment_pages.close_submit')}
            </button>
          )}
          {side === 'host' && (
            <button
              type="button"
              className="button button-small"
              onClick={() => setPanel('meeting')}
              data-testid="meeting-open"
            >
              {t('appointment_pages.meeting_title')}
            </button>
          )}
          {side === 'guest' && movable(a) && (
            <button
              type="button"
              className="button button-small"
              onClick={() => setPanel('move')}
              disabled={busy}
              data-testid="move-open"
            >
              {t('appointment_pages.move')}
            </button>
          )}
          <button
            type="button"
            className="button button-small button-quiet"
            onClick={() => setPanel('cancel')}
            disabled={busy}
            data-testid="cancel-open"
          >
            {t('appointment_pages.cancel')}
          </button>
        </div>
      )}
      {actions && panel === 'cancel' && (
        <CancelForm
          appointment={a}
          side={side}
          onKeep={() => setPanel(null)}
          onDone={(appointment, refunded) => {
            setPanel(null)
            onChange?.({ kind: 'cancelled', appointment, refunded })
          }}
        />
      )}
      {actions && panel === 'move' && (
        <MoveForm
          appointment={a}
          hostName={otherName}
          onKeep={() => setPanel(null)}
          onDone={(appointment) => {
            setPanel(null)
            onChange?.({ kind: 'moved', appointment })
          }}
        />
      )}
      {actions && panel === 'meeting' && (
        <MeetingForm
          appointment={a}
          onClose={() => setPanel(null)}
          onSaved={(appointment) => {
            setPanel(null)
            onChange?.({ kind: 'meeting', appointment })
          }}
        />
      )}
      {actions && panel === 'close' && (
        <CloseForm
          appointment={a}
          onClose={() => setPanel(null)}
          onClosed={(appointment) => {
            setPanel(null)
            onChange?.({ kind: 'closed', appointment })
          }}
        />
      )}
    </article>
  )
}

/** The host's meeting link (https) and indications for the guest. */
function MeetingForm({
  appointment: a,
  onSaved,
  onClose,
}: {
  appointment: AppointmentDto
  onSaved: (a: AppointmentDto) => void
  onClose: () => void
}) {
  const { t } = usePage()
  const id = useId()
  const [link, setLink] = useState(a.meeting_link ?? '')
  const [text, setText] = useState(a.meeting_indications ?? '')
  const form = useForm()
  const { busy, errors } = form
  async function submit() {
    const res = await form.send(() =>
      call(setMeeting, {
        input: { id: a.id, meeting_link: link.trim() || undefined, meeting_indications: text.trim() || undefined },
      }),
    )
    if (res) onSaved(res.appointment)
  }
  return (
    <form className="appt-panel" onSubmit={form.onSubmit(submit)} noValidate data-testid="meeting-form">
      <p className="appt-panel-title">{t('appointment_pages.meeting_title')}</p>
      <div className={`field${errors.meeting_link ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-link`}>{t('appointment_pages.meeting_link')}</label>
        <input
          id={`${id}-link`}
          name="meeting_link"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={500}
          value={link}
          onChange={(e) => setLink(e.target.value)}
          aria-describedby={`${id}-link-hint`}
          aria-invalid={errors.meeting_link ? true : undefined}
        />
        <p id={`${id}-link-hint`} className="field-hint">
          {t('appointment_pages.meeting_link_hint')}
        </p>
        {errors.meeting_link && <p className="field-error">{errors.meeting_link}</p>}
      </div>
      <div className={`field${errors.meeting_indications ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-text`}>{t('appointment_pages.meeting_indications')}</label>
        <textarea
          id={`${id}-text`}
          name="meeting_indications"
          rows={3}
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {errors.meeting_indications && <p className="field-error">{errors.meeting_indications}</p>}
      </div>
      <div className="appt-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={busy || (!link.trim() && !text.trim())}
          data-testid="meeting-save"
        >
          {t('appointment_pages.meeting_save')}
        </button>
        <button type="button" className="button button-quiet" onClick={onClose} disabled={busy}>
          {t('frame.close')}
        </button>
      </div>
    </form>
  )
}

/** The host closes a session that has started: attended or finished by overtime. */
function CloseForm({
  appointment: a,
  onClosed,
  onClose,
}: {
  appointment: AppointmentDto
  onClosed: (a: AppointmentDto) => void
  onClose: () => void
}) {
  const { t } = usePage()
  const [status, setStatus] = useState<number>(AppointmentStatus.attended)
  const form = useForm()
  const { busy } = form
  async function submit() {
    const res = await form.send(() => call(close, { input: { id: a.id, status } }))
    if (res) onClosed(res.appointment)
  }
  const option = (value: number, label: ReactNode) => (
    <label className={`choice${status === value ? ' choice-on' : ''}`}>
      <input
        type="radio"
        name={`close-${a.id}`}
        value={value}
        checked={status === value}
        onChange={() => setStatus(value)}
      />
      <span>{label}</span>
    </label>
  )
  return (
    <form className="appt-panel" onSubmit={form.onSubmit(submit)} data-testid="close-form">
      <fieldset className="choices">
        <legend className="appt-panel-title">{t('appointment_pages.close_title')}</legend>
        {option(AppointmentStatus.attended, t('appointment_pages.close_attended'))}
        {option(AppointmentStatus.finished_by_overtime, t('appointment_pages.close_overtime'))}
      </fieldset>
      <div className="appt-actions">
        <button type="submit" className="button button-primary" disabled={busy} data-testid="close-submit">
          {t('appointment_pages.close_submit')}
        </button>
        <button type="button" className="button button-quiet" onClick={onClose} disabled={busy}>
          {t('frame.close')}
        </button>
      </div>
    </form>
  )
}
