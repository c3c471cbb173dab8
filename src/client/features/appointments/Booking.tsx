import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import type { AppointmentDto, SlotDto } from '#shared/contract/appointments'
import type { PsychologistDto, UserDto } from '#shared/contract/users'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { degreeName } from '#client/components/words.ts'
import { BOOKING_DAYS, CHANNELS, dayParts, dollars, languageNames, nextDays, SESSION_PRICE } from './format'
import { Loading, Problem } from './Status'

const { book, listSlots } = contract(() => import('#shared/contract/appointments'))
const { getMe, listPsychologists } = contract(() => import('#shared/contract/users'))

// Only people without a phone download the phone form (and libphonenumber's metadata).
const PhoneAsk = lazy(() => import('./PhoneAsk'))

const PERIODS = ['morning', 'afternoon', 'evening'] as const

interface Props {
  /** A booking went through: the new appointment and the credits left. */
  onBooked: (a: AppointmentDto, credits: number) => void
}

/**
 * 'Make an appointment' (SPEC §2): who (the open psychologists), which day (the next 14 as
 * chips), which time (free slots grouped Morning / Afternoon / Evening, in the browser's zone),
 * how (the channel); the credits it costs; a phone asked for first when there is none.
 */
export function Booking({ onBooked }: Props) {
  const { t, href, messages, boot, locale } = usePage()
  const [me, setMe] = useState<UserDto | null>(null)
  const [psychologists, setPsychologists] = useState<PsychologistDto[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [hostId, setHostId] = useState<number | null>(null)
  const [date, setDate] = useState<string | null>(null)
  /** Days of this host known to have no free time (shown quieter). */
  const [emptyDays, setEmptyDays] = useState<Set<string>>(new Set())
  /** After choosing someone, look ahead for the first day with room, until the person picks a day. */
  // A ref, not state: the answer to a day asked while walking forward must see a tap made since.
  // As state, a tap on the very day being asked kept the walk's `true` (the date did not change,
  // so the effect did not run again) and the empty day's answer moved on to the next one.
  const autoDay = useRef(false)
  /** The answer for one (host, day, reading): shown only while that is still the choice. */
  const [answer, setAnswer] = useState<{ key: string; slots: SlotDto[]; problem: string | null } | null>(null)
  const [slot, setSlot] = useState<SlotDto | null>(null)
  const [channel, setChannel] = useState<number | null>(null)
  const { busy, send } = useForm()
  const [needsPhone, setNeedsPhone] = useState(false)
  const latest = useRef(0)
  /** Bumped to read the same day again (a slot taken a moment ago). */
  const [reread, setReread] = useState(0)

  const zone = useMemo(
    () => (typeof Intl !== 'undefined' ? Intl.DateTimeFormat().resolvedOptions().timeZone : 'UTC') || 'UTC',
    [],
  )
  const days = useMemo(() => nextDays(BOOKING_DAYS, zone), [zone])

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

  // The free slots of the chosen day; the latest request wins.
  useEffect(() => {
    if (!hostId || !date) return
    const n = ++latest.current
    const key = `${hostId}:${date}:${reread}`
    void (async () => {
      // silent: an empty day answers 'No slots for this day.', shown here rather than as a toast.
      const res = await call(listSlots, { input: { host_id: hostId, date, timezone: zone }, silent: true })
      if (n !== latest.current) return
      if (!res.success) {
        setAnswer({
          key,
          slots: [],
          problem:
            res.status === 404
              ? t('appointments.no_psychologists')
              : (res.message ?? t('appointment_pages.load_failed')),
        })
        return
      }
      if (res.slots.length === 0) {
        setEmptyDays((s) => new Set(s).add(date))
        const next = days[days.indexOf(date) + 1]
        if (autoDay.current && next) return setDate(next)
        autoDay.current = false
      } else autoDay.current = false
      setAnswer({ key, slots: res.slots, problem: null })
    })()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hostId, date, reread])

  function chooseHost(id: number | null) {
    setHostId(id)
    setEmptyDays(new Set())
    setSlot(null)
    autoDay.current = id !== null
    setDate(id !== null ? days[0]! : null)
  }

  function chooseDay(d: string) {
    autoDay.current = false
    setSlot(null)
    setDate(d)
  }

  async function doBook() {
    if (!hostId || !slot || !channel) return
    const res = await send(
      () => call(book, { input: { host_id: hostId, start_at: slot.start_at, meeting_channel: channel } }),
      { onRefusal: (refused) => void afterRefusal(refused) },
    )
    if (res) onBooked(res.appointment, res.credits)
  }

  async function afterRefusal({ status, errors }: { status: number; errors?: Record<string, string[]> }) {
    if (errors?.phone) setNeedsPhone(true)
    else if (status === 409) {
      // Taken a moment ago: read the day again.
      setSlot(null)
      setReread((n) => n + 1)
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
  const current = answer && answer.key === `${hostId}:${date}:${reread}` ? answer : null
  const slots = current?.slots ?? null
  const slotsProblem = current?.problem ?? null
  const grouped = PERIODS.map((p) => ({ period: p, slots: (slots ?? []).filter((s) => s.period === p) })).filter(
    (g) => g.slots.length > 0,
  )
  const chosenDay = date ? dayParts(date, boot.locale) : null

  return (
    <div className="booking" data-testid="booking">
      <section className="book-step" aria-labelledby="step-who">
        <h2 id="step-who" className="book-step-title">
          <span className="book-step-n" aria-hidden="true">
            1
          </span>
          {t('appointment_pages.step_psychologist')}
        </h2>
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

      {host && (
        <section className="book-step" aria-labelledby="step-day">
          <h2 id="step-day" className="book-step-title">
            <span className="book-step-n" aria-hidden="true">
              2
            </span>
            {t('appointment_pages.step_day')}
          </h2>
          <div className="day-strip" role="group" aria-label={t('appointment_pages.days_label')} data-testid="days">
            {days.map((d, i) => {
              const parts = dayParts(d, boot.locale)
              const label =
                i === 0 ? t('appointment_pages.today') : i === 1 ? t('appointment_pages.tomorrow') : parts.weekday
              const empty = emptyDays.has(d)
              return (
                <button
                  key={d}
                  type="button"
                  className={`day-chip${d === date ? ' day-chip-on' : ''}${empty ? ' day-chip-empty' : ''}`}
                  aria-pressed={d === date}
                  aria-label={`${parts.long}${empty ? ` · ${t('appointment_pages.no_slots_day')}` : ''}`}
                  onClick={() => chooseDay(d)}
                  data-date={d}
                  data-testid="day"
                >
                  <span className="day-chip-week">{label}</span>
                  <span className="day-chip-n">{parts.day}</span>
                  <span className="day-chip-month">{parts.month}</span>
                </button>
              )
            })}
          </div>
        </section>
      )}

      {host && date && (
        <section
          className="book-step"
          aria-labelledby="step-time"
          aria-busy={slots === null}
          data-date={date}
          data-testid="times"
        >
          <h2 id="step-time" className="book-step-title">
            <span className="book-step-n" aria-hidden="true">
              3
            </span>
            {t('appointment_pages.step_time')}
          </h2>
          {chosenDay && <p className="book-day-name">{chosenDay.long}</p>}
          {slots === null ? (
            <Loading text={t('appointment_pages.looking')} />
          ) : slotsProblem ? (
            <p className="appt-soft" role="status">
              {slotsProblem}
            </p>
          ) : slots.length === 0 ? (
            <div className="appt-soft" role="status" data-testid="no-slots">
              <p className="appt-empty-title">{t('appointments.no_slots')}</p>
              <p>{t('appointment_pages.no_slots_hint')}</p>
            </div>
          ) : (
            <>
              {grouped.map((g) => (
                <div key={g.period} className="slot-group" role="group" aria-labelledby={`period-${g.period}`}>
                  <h3 id={`period-${g.period}`} className="slot-period">
                    {t(`appointment_pages.period.${g.period}`)}
                  </h3>
                  <div className="slot-chips">
                    {g.slots.map((s) => (
                      <button
                        key={s.start_at}
                        type="button"
                        className={`slot-chip${slot?.start_at === s.start_at ? ' slot-chip-on' : ''}`}
                        aria-pressed={slot?.start_at === s.start_at}
                        onClick={() => setSlot(s)}
                        data-testid="slot"
                        data-start={s.start_at}
                      >
                        {s.time}
                      </button>
                    ))}
                  </div>
                </div>
              ))}
              <p className="field-hint">{t('appointment_pages.zone_note', { zone: zone.replace(/_/g, ' ') })}</p>
            </>
          )}
        </section>
      )}

      {host && slot && (
        <section className="book-step" aria-labelledby="step-how">
          <h2 id="step-how" className="book-step-title">
            <span className="book-step-n" aria-hidden="true">
              4
            </span>
            {t('appointment_pages.step_channel')}
          </h2>
          <div className="slot-chips" role="radiogroup" aria-labelledby="step-how" data-testid="channels">
            {CHANNELS.map(([key, value]) => (
              <label key={key} className={`choice${channel === value ? ' choice-on' : ''}`}>
                <input
                  type="radio"
                  name="meeting_channel"
                  value={value}
                  checked={channel === value}
                  onChange={() => setChannel(value)}
                  data-testid={`channel-${key}`}
                />
                <span>{t(`appointments.channel.${key}`)}</span>
              </label>
            ))}
          </div>
        </section>
      )}

      {host && (
        <section className="book-step book-summary" aria-labelledby="step-confirm">
          <h2 id="step-confirm" className="book-step-title">
            <span className="book-step-n" aria-hidden="true">
              5
            </span>
            {t('appointment_pages.step_confirm')}
          </h2>
          {slot && chosenDay ? (
            <p className="book-summary-line" data-testid="book-summary">
              {t('appointment_pages.summary', { date: chosenDay.long, time: slot.time, name: host.name ?? '' })}
            </p>
          ) : (
            <p className="field-hint">{t('appointment_pages.choose_all')}</p>
          )}
          <p className="book-credits" data-testid="credits">
            {t('appointment_pages.credits', {
              credits: dollars(me.credits, locale),
              price: dollars(SESSION_PRICE, locale),
            })}{' '}
            <a href={href('subscription')}>{t('appointment_pages.buy_credits')}</a>
          </p>
          {me.subscriber && <p className="field-hint">{t('appointment_pages.subscriber_note')}</p>}
          {!enough && (
            <p className="form-alert form-alert-info" data-testid="not-enough">
              {t('appointment_pages.not_enough', { price: dollars(SESSION_PRICE, locale) })}
            </p>
          )}
          {needsPhone ? (
            <Suspense fallback={<Loading />}>
              <PhoneAsk
                country={me.country_code}
                disabled={!ready || busy}
                busy={busy}
                onSaved={(user) => {
                  setMe(user)
                  setNeedsPhone(false)
                  void doBook()
                }}
              />
            </Suspense>
          ) : (
            <button
              type="button"
              className="button button-primary button-block book-submit"
              disabled={!ready || busy}
              onClick={doBook}
              data-testid="book"
            >
              {busy ? t('appointment_pages.booking') : t('appointment_pages.book')}
            </button>
          )}
        </section>
      )}
    </div>
  )
}

function PsychologistCard({
  p,
  chosen,
  onChoose,
  specialities,
}: {
  p: PsychologistDto
  chosen: boolean
  onChoose: () => void
  specialities: Record<string, string>
}) {
  const { t, boot } = usePage()
  const name = p.name ?? ''
  const human = (s: string) => specialities[s] ?? s.charAt(0).toUpperCase() + s.slice(1).replace(/-/g, ' ')
  return (
    <div className={`psy-card${chosen ? ' psy-card-on' : ''}`} data-testid="psychologist" data-name={name}>
      <span className="appt-avatar psy-avatar" aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="psy-body">
        <h3 className="psy-name">{name}</h3>
        {p.degree && <p className="psy-meta">{degreeName(t, p.degree)}</p>}
        {p.speaks_in.length > 0 && (
          <p className="psy-meta">
            {t('appointment_pages.speaks', { languages: languageNames(p.speaks_in, boot.locale) })}
          </p>
        )}
        {p.specialist_in_symptoms.length > 0 && (
          <ul className="psy-tags" aria-label={t('appointment_pages.specialities')}>
            {p.specialist_in_symptoms.map((s) => (
              <li key={s} className="chip">
                {human(s)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        className={`button button-small ${chosen ? 'button-quiet' : 'button-primary'} psy-choose`}
        onClick={onChoose}
        data-testid="choose-psychologist"
      >
        {chosen ? t('appointment_pages.change') : t('appointment_pages.choose')}
        <span className="visually-hidden"> {name}</span>
      </button>
    </div>
  )
}
