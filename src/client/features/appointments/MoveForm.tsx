import { useEffect, useState } from 'react'
import type { AppointmentDto, SlotDto } from '#shared/contract/appointments'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { dayParts } from './days'
import { dollars, FREE_CANCEL_BEFORE_MS, movesNote } from './format'
import { SlotPicker } from './SlotPicker'
import { useDaySlots } from './useDaySlots'
import { PanelActions } from './PanelActions'

const { move } = contract(() => import('#shared/contract/appointments'))

interface Props {
  appointment: AppointmentDto
  /** The psychologist's name, as the card shows it. */
  hostName: string
  /** The move went through: the appointment at its new time. */
  onDone: (a: AppointmentDto) => void
  onKeep: () => void
}

/**
 * Move a session (issue 34 §3): the same day and time picker as booking, for the same
 * psychologist; the policy with the credits that stay with the session; one tap moves it.
 */
export function MoveForm({ appointment: a, hostName, onDone, onKeep }: Props) {
  const { t, boot, locale } = usePage()
  // Only times 24 h or more away: a session moved into its last day could no longer be moved or
  // cancelled for free (the server refuses them too).
  const [notBefore] = useState(() => Date.now() + FREE_CANCEL_BEFORE_MS)
  const picker = useDaySlots(a.host_id, notBefore)
  const [slot, setSlot] = useState<SlotDto | null>(null)
  const form = useForm()
  const { busy } = form

  // Open on the first day with room, as booking does once someone is chosen.
  useEffect(() => {
    picker.restart(a.host_id)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [a.host_id])

  async function submit() {
    if (!slot) return
    const res = await form.send(
      () => call(move, { input: { id: a.id, start_at: slot.start_at, current_start_at: a.start_at } }),
      {
        onRefusal: ({ status }) => {
          // Taken a moment ago: read the day again and choose another time.
          if (status === 409) {
            setSlot(null)
            picker.readAgain()
          }
        },
      },
    )
    if (res) onDone(res.appointment)
  }

  const day = picker.date ? dayParts(picker.date, boot.locale) : null
  return (
    <form className="appt-panel appt-move" onSubmit={form.onSubmit(submit)} noValidate data-testid="move-form">
      <p className="appt-panel-title">{t('appointment_pages.move_title', { name: hostName })}</p>
      <p className="appt-policy appt-move-policy" data-testid="move-policy">
        {t('appointment_pages.move_policy', { amount: dollars(a.price_credits, locale) })}
      </p>
      <p className="appt-policy" data-testid="moves-left">
        {movesNote(t, a)}
      </p>
      <SlotPicker
        picker={picker}
        slot={slot}
        onSlot={setSlot}
        onDay={(d) => {
          setSlot(null)
          picker.chooseDay(d)
        }}
      />
      <p className="book-summary-line" data-testid="move-summary" aria-live="polite">
        {slot && day
          ? t('appointment_pages.move_summary', { date: day.long, time: slot.time })
          : t('appointment_pages.move_choose')}
      </p>
      <PanelActions
        busy={busy}
        ready={!!slot}
        testId="move-submit"
        submit={busy ? t('appointment_pages.moving') : t('appointment_pages.move_submit')}
        leave={t('appointment_pages.keep')}
        onLeave={onKeep}
      />
    </form>
  )
}
