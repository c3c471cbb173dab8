import { useId, useState, type ReactNode } from 'react'
import type { AppointmentDto } from '#shared/contract/appointments'
import { AppointmentStatus } from '#shared/appointment-enums'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { PanelActions } from './PanelActions'
import '#client/components/forms.css'

const { close, setMeeting } = contract(() => import('#shared/contract/appointments'))

/** The host's meeting link (https) and indications for the guest. */
export function MeetingForm({
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
      <PanelActions
        busy={busy}
        ready={!!(link.trim() || text.trim())}
        testId="meeting-save"
        submit={t('appointment_pages.meeting_save')}
        leave={t('frame.close')}
        onLeave={onClose}
      />
    </form>
  )
}

/** The host closes a session that has started: attended or finished by overtime. */
export function CloseForm({
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
      <PanelActions
        busy={busy}
        testId="close-submit"
        submit={t('appointment_pages.close_submit')}
        leave={t('frame.close')}
        onLeave={onClose}
      />
    </form>
  )
}
