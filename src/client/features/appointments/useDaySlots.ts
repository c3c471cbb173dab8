import { useEffect, useMemo, useRef, useState } from 'react'
import type { SlotDto } from '#shared/contract/appointments'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { BOOKING_DAYS, nextDays } from './days'

const { listSlots } = contract(() => import('#shared/contract/appointments'))

/**
 * The days and free slots of one psychologist, as booking and moving a session ask for them:
 * the next BOOKING_DAYS days in the browser's zone, the chosen day's slots (the latest request
 * wins), the days known to be empty, and, after `restart`, a walk forward to the first day with
 * room until the person picks a day.
 */
/**
 * `notBefore` (ms): slots starting earlier are not offered (moving a session offers only times
 * that keep the free cancellation, issue 34 §3; booking offers what the server offers).
 */
export function useDaySlots(hostId: number | null, notBefore = 0) {
  const { t } = usePage()
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
  const latest = useRef(0)
  /** Bumped to read the same day again (a slot taken a moment ago). */
  const [reread, setReread] = useState(0)

  const zone = useMemo(
    () => (typeof Intl !== 'undefined' ? Intl.DateTimeFormat().resolvedOptions().timeZone : 'UTC') || 'UTC',
    [],
  )
  const days = useMemo(() => nextDays(BOOKING_DAYS, zone), [zone])

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
      const slots = notBefore ? res.slots.filter((s) => new Date(s.start_at).getTime() >= notBefore) : res.slots
      if (slots.length === 0) {
        setEmptyDays((s) => new Set(s).add(date))
        const next = days[days.indexOf(date) + 1]
        if (autoDay.current && next) return setDate(next)
        autoDay.current = false
      } else autoDay.current = false
      setAnswer({ key, slots, problem: null })
    })()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hostId, date, reread])

  const current = answer && answer.key === `${hostId}:${date}:${reread}` ? answer : null
  return {
    zone,
    days,
    date,
    emptyDays,
    /** null while the chosen day is being read. */
    slots: current?.slots ?? null,
    problem: current?.problem ?? null,
    /** A (new) host, or none: forget the empty days and walk forward from today. */
    restart(id: number | null) {
      setEmptyDays(new Set())
      autoDay.current = id !== null
      setDate(id !== null ? days[0]! : null)
    },
    chooseDay(d: string) {
      autoDay.current = false
      setDate(d)
    },
    /** Read the chosen day again (a slot taken a moment ago). */
    readAgain: () => setReread((n) => n + 1),
  }
}

export type DaySlots = ReturnType<typeof useDaySlots>
