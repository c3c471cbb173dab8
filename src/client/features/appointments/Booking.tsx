import { useEffect, useState } from 'react'
import type { AppointmentDto, SlotDto } from '#shared/contract/appointments'
import type { PsychologistDto, UserDto } from '#shared/contract/users'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { BookConfirm } from './BookConfirm'
import { ChannelStep } from './ChannelStep'
import { SESSION_PRICE } from './format'
import { PsychologistCard } from './PsychologistCard'
import { SlotPicker } from './SlotPicker'
import { Loading, Problem } from './Status'
import { useDaySlots } from './useDaySlots'
import { StepTitle } from './StepTitle'

const { book } = contract(() => import('#shared/contract/appointments'))
const { getMe, listPsychologists } = contract(() => import('#shared/contract/users'))

interface Props {
  /** A booking went through: the new appointment, the credits left, and its psychologist. */
  onBooked: (a: AppointmentDto, credits: number, host: PsychologistDto | null) => void
}

/**
 * 'Make an appointment' (SPEC §2): who (the open psychologists), which day (the next 14 as
 * chips), which time (free slots grouped Morning / Afternoon / Evening, in the browser's zone),
 * how (the channel); the credits it costs; a phone asked for first when there is none.
 */
export function Booking({ onBooked }: Props) {
  const { t, messages } = usePage()
  const [me, setMe] = useState<UserDto | null>(null)
  const [psychologists, setPsychologists] = useState<PsychologistDto[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [hostId, setHostId] = useState<number | null>(null)
  const picker = useDaySlots(hostId)
  const [slot, setSlot] = useState<SlotDto | null>(null)
  const [channel, setChannel] = useState<number | null>(null)
  const { busy, send } = useForm()
  const [needsPhone, setNeedsPhone] = useState(false)

  async function load() {
    setFailed(false)
    const [u, p] = await Promise.all([
      call(getMe, { silent: true }),
      call(listPsychologists, { input: { open: true, per_page: 50 }, silent: true }),
    ])
    if (!u.success || !p.success) return setFailed(true)
    setMe(u.user)
    setNeedsPhone(!u.user.phone)
    setPsychologists(p.psychologists.filter((x) => x.id !== u.user.id))
  }
  useEffect(() => {
    void load()
  }, [])

  function chooseHost(id: number | null) {
    setHostId(id)
    setSlot(null)
    picker.restart(id)
  }

  function chooseDay(d: string) {
    setSlot(null)
    picker.chooseDay(d)
  }

  async function doBook() {
    if (!hostId || !slot || !channel) return
    const res = await send(
      () => call(book, { input: { host_id: hostId, start_at: slot.start_at, meeting_channel: channel } }),
      { onRefusal: (refused) => void afterRefusal(refused) },
    )
    if (res) onBooked(res.appointment, res.credits, psychologists?.find((p) => p.id === hostId) ?? null)
  }

  async function afterRefusal({ status, errors }: { status: number; errors?: Record<string, string[]> }) {
    if (errors?.phone) setNeedsPhone(true)
    else if (status === 409) {
      // Taken a moment ago: read the day again.
      setSlot(null)
      picker.readAgain()
    } else if (status === 402) {
      const u = await call(getMe, { silent: true })
      if (u.success) setMe(u.user)
    }
  }

  if (failed) return <Problem onRetry={load} />
  if (!me || !psychologists) return <Loading />
  if (psychologists.length === 0) {
    return (
      <div className="appt-empty" data-testid="no-psychologists">
        <p className="appt-empty-title">{t('appointments.no_psychologists')}</p>
        <p>{t('appointment_pages.no_slots_hint')}</p>
      </div>
    )
  }

  const host = psychologists.find((p) => p.id === hostId) ?? null
  const enough = me.subscriber || me.credits >= SESSION_PRICE
  const ready = !!(host && slot && channel && enough)

  return (
    <div className="booking" data-testid="booking">
      <section className="book-step" aria-labelledby="step-who">
        <StepTitle id="step-who" n={1}>
          {t('appointment_pages.step_psychologist')}
        </StepTitle>
        <ul className={`psy-list${host ? ' psy-list-one' : ''}`}>
          {(host ? [host] : psychologists).map((p) => (
            <li key={p.id}>
              <PsychologistCard
                p={p}
                chosen={p.id === hostId}
                onChoose={() => chooseHost(p.id === hostId ? null : p.id)}
                specialities={messages.appointment_pages.specialities_names}
              />
            </li>
          ))}
        </ul>
      </section>

      {host && <SlotPicker picker={picker} slot={slot} onSlot={setSlot} onDay={chooseDay} steps={[2, 3]} />}

      {host && slot && <ChannelStep channel={channel} onChannel={setChannel} />}

      {host && (
        <BookConfirm
          me={me}
          host={host}
          date={picker.date}
          slot={slot}
          ready={ready}
          enough={enough}
          busy={busy}
          needsPhone={needsPhone}
          onPhoneSaved={(user) => {
            setMe(user)
            setNeedsPhone(false)
            void doBook()
          }}
          onBook={doBook}
        />
      )}
    </div>
  )
}
