// A psychologist's own agenda and profile extras (issue 9 §1). The hours written here are the
// rows GET /v1/appointment/slots and booking read (features/appointments), so what this answers
// is what people are offered. docs/API.md "Appointments (issue 9)" › "A psychologist's agenda".
import type { AvailabilityForm, PsychologistExtrasForm } from '#shared/contract/psychologists'
import { canonicalTimeZone } from '#shared/contract/fields'
import { SLOT_MINUTES_DEFAULT, WEEKDAYS, formatRanges, type Weekday } from '#shared/psychologists'
import type { Ctx } from '#worker/context'
import type { NewUser } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import { refreshSessions } from '#worker/identity/sessions'
import { toPsychologistDto } from '#worker/features/users/users.dto'
import * as repo from './psychologists.repo'
import { patchOf } from '#worker/db/patch'
import { me } from '#worker/identity/caller'

/** A host's weekly hours (the rows booking offers slots from; one query for both features). */
export const hostHours = (ctx: Ctx, hostId: number) => repo.hoursOf(ctx.db, hostId)
/** The weekly hours of an appointment's host, named by the appointment (each row says whose). */
export const appointmentHostHours = (ctx: Ctx, appointmentId: number) => repo.hoursOfHostOf(ctx.db, appointmentId)

/** The week as the form writes it: each weekday's ranges, '' for a day off. */
function weekOf(rows: readonly { weekday: number; startMinute: number; endMinute: number }[]) {
  return Object.fromEntries(
    WEEKDAYS.map((day, weekday) => [
      day,
      formatRanges(rows.filter((r) => r.weekday === weekday).map((r) => ({ start: r.startMinute, end: r.endMinute }))),
    ]),
  ) as Record<Weekday, string>
}

/**
 * GET /v1/my/availability. The zone and session length are the rows' (every row of a host has
 * the same, written together); a host with no hours yet: their profile's zone (else UTC) and
 * 60 minutes.
 */
export async function availability(ctx: Ctx, open?: boolean) {
  const caller = me(ctx)
  const rows = await repo.hoursOf(ctx.db, caller.id)
  const timezone = rows[0]?.timezone ?? (caller.row.timezone ? canonicalTimeZone(caller.row.timezone) : null) ?? 'UTC'
  return {
    timezone,
    open: open ?? caller.row.psychologistOpenToGetAppointment,
    slot_minutes: rows[0]?.slotMinutes ?? SLOT_MINUTES_DEFAULT,
    days: weekOf(rows),
  }
}

/** POST /v1/my/availability: the whole week replaces the old one, all or nothing. */
export async function saveAvailability(ctx: Ctx, f: AvailabilityForm) {
  const caller = me(ctx)
  const rows = f.hours.flatMap((h) =>
    h.ranges.map((r) => ({ weekday: h.weekday, startMinute: r.start, endMinute: r.end })),
  )
  await repo.replaceWeek(ctx.db, caller.id, { open: f.open, timezone: f.timezone, slotMinutes: f.slot_minutes, rows })
  await refreshSessions(ctx.env, caller.id) // 'open to appointments' is on the row the sessions carry
  // Read back: the answer is what GET (and the slots) will see. A week with no hours has no
  // row to keep the zone and length in, so it answers the defaults, as GET will.
  return availability(ctx, f.open)
}

/** POST /v1/my/psychologist: the extras sent are written, the others stay. */
export async function saveExtras(ctx: Ctx, f: PsychologistExtrasForm) {
  const caller = me(ctx)
  const patch: Partial<NewUser> = patchOf(f, [
    'degree',
    'specialist_in_symptoms',
    'specialized_in_the_category',
    'speaks_in',
    'nationality',
    'located_at',
  ])
  const row = Object.keys(patch).length ? await repo.updateExtras(ctx.db, caller.id, patch) : caller.row
  if (!row) throw new AppError('unauthenticated')
  if (Object.keys(patch).length) await refreshSessions(ctx.env, caller.id)
  return toPsychologistDto(row)
}
