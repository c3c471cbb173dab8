import { useState, type ReactNode } from 'react'
import type { AppointmentDto } from '#shared/contract/appointments'
import { AppointmentStatus, MeetingChannel } from '#shared/appointment-enums'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { CardActions, type CardChange, type Panel } from './CardActions'
import { channelName, clock, isLive, longDay, otherOf, reasonName, sideOf, statusName, zoneShort } from './format'

const { confirm } = contract(() => import('#shared/contract/appointments'))

export type { CardChange } from './CardActions'

interface Props {
  appointment: AppointmentDto
  /** Called after a change went through (the server's message is already a notification). */
  onChange?: (change: CardChange) => void
  /** Hide the actions (the mail-link page draws its own after a change). */
  actions?: boolean
  /** Open the cancel form at once (?action=cancel on the mail-link page). */
  startCancelling?: boolean
  headingLevel?: 'h2' | 'h3'
  /** Shown under the card's details: the psychologist's "before the session" (issue 44 §2). */
  extra?: ReactNode
  /**
   * The instant the card is drawn for ("has it started?", "may it still move?"): the server's
   * read on a page it painted, until the browser reads the list again, so hydration draws the
   * server's buttons (decision 081). Absent: now.
   */
  now?: number
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
  extra,
  now = Date.now(),
}: Props) {
  const { t, boot } = usePage()
  const zone = boot.timeZone
  const side = sideOf(a, boot.user?.id)
  const other = otherOf(a, side)
  // host_id null: the psychologist erased their account; the session stays in the guest's history (decision 058).
  const otherName =
    other?.name ??
    (side === 'guest' && a.host_id === null ? t('appointment_pages.host_left') : t('appointment_pages.someone'))
  const live = isLive(a)
  const mineConfirmed = side === 'host' ? a.confirmed_by_host : side === 'guest' ? a.confirmed_by_guest : true
  const [panel, setPanel] = useState<Panel>(startCancelling && live ? 'cancel' : null)
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

  const started = new Date(a.start_at).getTime() <= now
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
      {/* Painted by the server on /appointments (decision 081): its date and zone data may word a
          day, an hour or a zone's name other than the device's ("GMT-6" / "CST", a zone whose rules
          changed); a text that differs must not make React throw the page away (a press held
          before React would be lost with it). */}
      <div className="appt-when">
        <H className="appt-day" id={`appt-${a.id}-when`} suppressHydrationWarning>
          {longDay(a.start_at, boot.locale, zone)}
        </H>
        <p className="appt-time">
          <time dateTime={a.start_at} suppressHydrationWarning>
            {clock(a.start_at, boot.locale, zone)}
          </time>
          {' – '}
          <time dateTime={a.end} suppressHydrationWarning>
            {clock(a.end, boot.locale, zone)}
          </time>
          <span className="appt-zone" suppressHydrationWarning>
            {' '}
            {zoneShort(a.start_at, boot.locale, zone)}
          </span>
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

      {extra}
      {actions && (
        <CardActions
          appointment={a}
          side={side}
          otherName={otherName}
          mineConfirmed={mineConfirmed}
          canClose={canClose}
          panel={panel}
          setPanel={setPanel}
          busy={busy}
          onConfirm={doConfirm}
          onChange={onChange}
          now={now}
        />
      )}
    </article>
  )
}
