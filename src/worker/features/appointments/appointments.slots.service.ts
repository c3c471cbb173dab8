// The host's slots (SPEC §6): which are free on a guest's day, which start a guest may take
// (booking and moving alike), and holding one in the host's schedule object while it is written.
// Apart from appointments.service.ts, which books, cancels and lists, so each stays one job.
import { BOOKING_HORIZON_DAYS } from '#shared/limits'
import { createTranslator } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import type { Ctx } from '#worker/context'
import { AppError } from '#worker/http/errors'
import { hostHours } from '#worker/features/psychologists/psychologists.service'
import { addDays, instantOf, isZone, wallClock } from '#worker/lib/zones'
import * as repo from './appointments.repo'
import { freeSlots, onGrid, MIN_NOTICE_MS, type WeeklyHours } from './slots'

/** How long a slot is held in the host's schedule object while its booking is written. */
const HOLD_MS = 30_000

/** The zone a guest sees slots in: asked, else their profile's, else UTC. */
const guestZone = (ctx: Ctx, asked?: string) =>
  asked && isZone(asked)
    ? asked
    : ctx.user?.row?.timezone && isZone(ctx.user.row.timezone)
      ? ctx.user.row.timezone
      : 'UTC'

export async function openHost(ctx: Ctx, hostId: number) {
  // The hours read beside the host (one D1 round, issue 43 §3): for a host who is not there or
  // not open they are read for nothing and dropped.
  const [host, rows] = await Promise.all([repo.findHost(ctx.db, hostId), hostHours(ctx, hostId)])
  return openHostOf(host, rows)
}

/**
 * A host who takes bookings, with their hours and zone, from rows read already (openHost, or a
 * move's first round: decision 087); 404 with the field when there is none or they are closed.
 */
export function openHostOf<H extends { open: boolean; timezone: string | null }>(
  host: H | undefined,
  rows: readonly { weekday: number; startMinute: number; endMinute: number; slotMinutes: number; timezone: string }[],
) {
  if (!host || !host.open)
    throw new AppError('not_found', {
      message: 'appointments.no_psychologists',
      fields: { host_id: ['appointments.no_psychologists'] },
    })
  const zone = rows[0]?.timezone ?? host.timezone ?? 'UTC'
  const hours: WeeklyHours[] = rows.map((r) => ({
    weekday: r.weekday,
    startMinute: r.startMinute,
    endMinute: r.endMinute,
    slotMinutes: r.slotMinutes,
  }))
  return { host, hours, zone }
}

/** The latest start that can be booked at `now` (BOOKING_HORIZON_DAYS, docs/API.md "Appointments"). */
export const horizonEnd = (now: number) => now + BOOKING_HORIZON_DAYS * 86_400_000

/** 422 on `field` with a message that names the horizon, in the caller's language. */
function outsideWindow(ctx: Ctx, field: string, key: 'appointments.beyond_horizon' | 'appointments.day_past') {
  const t = createTranslator(ctx.locale, messagesFor(ctx.locale))
  const params = { days: BOOKING_HORIZON_DAYS }
  return new AppError('validation', { message: key, params, fields: { [field]: [t(key, params)] } })
}

/**
 * The guest's days that have slots to ask for: from yesterday (a guest whose clock is behind the
 * zone they send) to today + BOOKING_HORIZON_DAYS, in the guest's zone. Checked before any date
 * arithmetic, so 0000-01-01 or 9999-12-31 answer 422, never reach the zone code.
 */
function checkDay(ctx: Ctx, date: string, zone: string, now: number) {
  const today = wallClock(now, zone).date
  if (date < addDays(today, -1)) throw outsideWindow(ctx, 'date', 'appointments.day_past')
  if (date > addDays(today, BOOKING_HORIZON_DAYS)) throw outsideWindow(ctx, 'date', 'appointments.beyond_horizon')
}

const schedule = (ctx: Ctx, hostId: number) => ctx.env.SCHEDULES.get(ctx.env.SCHEDULES.idFromName(`host:${hostId}`))

/** GET /v1/appointment/slots: the free slots of a host on the guest's date, in the guest's zone. */
export async function listSlots(ctx: Ctx, q: { host_id: number; date: string; timezone?: string }, now = Date.now()) {
  const tz = guestZone(ctx, q.timezone)
  checkDay(ctx, q.date, tz, now)
  const from = instantOf(addDays(q.date, -1), 0, 'UTC')!
  const to = instantOf(addDays(q.date, 2), 0, 'UTC')!
  // Intervals, not starts: a session booked at 09:00 for 60 minutes still holds the host at 09:50.
  // Read in the same D1 round as the host and their hours (decision 079); the host's schedule
  // object is asked only once the host is known to be open.
  const [{ host, hours, zone }, live] = await Promise.all([
    openHost(ctx, q.host_id),
    repo.liveIntervals(ctx.db, q.host_id, from, to),
  ])
  const held = await schedule(ctx, host.id).heldIntervals()
  // The last day of the horizon is cut at the horizon's instant, as bookings are.
  const slots = freeSlots({
    hours,
    hostZone: zone,
    daysOff: new Set(),
    date: q.date,
    guestZone: tz,
    taken: new Set(),
    busy: [...live, ...held],
    now,
  }).filter((s) => s.startMs <= horizonEnd(now))
  return {
    date: q.date,
    timezone: tz,
    slots: slots.map((s) => ({
      start_at: new Date(s.startMs).toISOString(),
      end_at: new Date(s.endMs).toISOString(),
      time: s.time,
      period: s.period,
    })),
  }
}

export const slotTaken = () =>
  new AppError('conflict', { message: 'appointments.slot_taken', fields: { start_at: ['appointments.slot_taken'] } })

/**
 * `write` while the interval [start, end) is held for `guestId` in the host's schedule object
 * (no two guests hold overlapping intervals, booking and moving alike); 409 'slot_taken' when
 * someone else holds an overlapping one or the partial unique index on live (host_id, start_at)
 * refuses the write. The write itself checks the booked sessions (repo: no live overlap).
 */
export async function inHeldSlot<T>(
  ctx: Ctx,
  hostId: number,
  interval: { start: number; end: number },
  guestId: number,
  write: () => Promise<T>,
) {
  const slot = schedule(ctx, hostId)
  const start = interval.start
  if (!(await slot.hold(start, guestId, HOLD_MS, interval.end))) throw slotTaken()
  try {
    return await write()
  } catch (err) {
    // A raw batch says UNIQUE in its message; drizzle's builder wraps it ('Failed query: …') in its cause.
    const e = err as { message?: string; cause?: { message?: string } } | undefined
    if (/UNIQUE|constraint/i.test(`${e?.message ?? ''} ${e?.cause?.message ?? ''}`)) throw slotTaken()
    throw err
  } finally {
    // Awaited, so a refused write frees the slot at once; a release that fails is logged, never
    // turns a write that was made into an error (found by the outside review of decision 084: a
    // booked, paid session answered 500): the hold lapses by itself after HOLD_MS.
    await slot
      .release(start, guestId)
      .catch((err: unknown) =>
        console.warn(
          `[appointments] slot ${start} of host ${hostId} not released: ${err instanceof Error ? err.message : String(err)}`,
        ),
      )
  }
}

/**
 * A start a guest may take (booking, moving): 422 on `start_at` unless it is at least 2 hours
 * ahead, within the horizon and one of the host's slots; answers that slot of the host's hours.
 */
export function checkStart(ctx: Ctx, start: number, hours: WeeklyHours[], zone: string, now: number) {
  // The time window first (a start in year 0 or 9999 never reaches the zone code), then the grid.
  if (start < now + MIN_NOTICE_MS)
    throw new AppError('validation', {
      message: 'appointments.slot_too_soon',
      fields: { start_at: ['appointments.slot_too_soon'] },
    })
  if (start > horizonEnd(now)) throw outsideWindow(ctx, 'start_at', 'appointments.beyond_horizon')
  const grid = onGrid(start, hours, zone, new Set())
  if (!grid)
    throw new AppError('validation', {
      message: 'appointments.slot_invalid',
      fields: { start_at: ['appointments.slot_invalid'] },
    })
  return grid
}
