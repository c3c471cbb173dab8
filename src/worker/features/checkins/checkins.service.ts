// The daily check-in (issue 34 §4; docs/API.md "Check-ins"): how a person feels, once a day on
// their own clock, and the trend of their last 30 days. Health data: the caller's own only,
// never cached for anyone else, never sent to a vendor.
import { TREND_DAYS, type Mood } from '#shared/checkins'
import type { CheckinDto, CheckinState } from '#shared/contract/checkins'
import type { Ctx } from '#worker/context'
import { AppError } from '#worker/http/errors'
import { personal } from '#worker/http/person-cache'
import { addDays, wallClock } from '#worker/lib/zones'
import { canonicalTimeZone } from '#shared/contract/fields'
import { checkinsBetween, keepZone, storedZone, upsertCheckin, type CheckinRow } from './checkins.repo'
import { refreshSessions } from '#worker/identity/sessions'

function caller(ctx: Ctx) {
  if (!ctx.user) throw new AppError('unauthenticated')
  return ctx.user
}

const dto = (r: CheckinRow): CheckinDto => ({
  day: r.day,
  mood: r.mood,
  note: r.note,
  updated_at: r.updatedAt.toISOString(),
})

/** The TREND_DAYS local days ending `today`, oldest first, with the mood of each day checked in. */
function stateOf(rows: readonly CheckinRow[], today: string): CheckinState {
  const byDay = new Map(rows.map((r) => [r.day, r]))
  const days = Array.from({ length: TREND_DAYS }, (_, i) => {
    const day = addDays(today, i - (TREND_DAYS - 1))
    return { day, mood: byDay.get(day)?.mood ?? null }
  })
  const mine = byDay.get(today)
  return { today: mine ? dto(mine) : null, trend: { days } }
}

/**
 * The zone the caller's check-in days are counted in: their profile's zone, which their first
 * check-in stored when they had none (keepZone), read from D1 when the session's copy of the row
 * does not have it yet (a copy read before that first check-in: KV keeps it until the session is
 * renewed, up to 60 s elsewhere); the request's zone (`asked`: cookie or `timezone` header) only
 * for someone who has never checked in and has no zone. Found from outside (issue 41 §4): a
 * check-in just saved was missing from `today` when the next call sent another `timezone` header.
 */
async function checkinZone(ctx: Ctx, userId: number, asked: string) {
  const own = ctx.user?.row?.timezone
  const kept = own ? canonicalTimeZone(own) : canonicalTimeZone((await storedZone(ctx.db, userId)) ?? '')
  return kept ?? asked
}

/** Today's check-in and the trend, on the caller's clock (their kept zone, else `zone`); the rows kept per data version. */
export async function checkinState(ctx: Ctx, zone: string, now = Date.now()): Promise<CheckinState> {
  const user = caller(ctx)
  zone = await checkinZone(ctx, user.id, zone)
  const today = wallClock(now, zone).date
  const from = addDays(today, 1 - TREND_DAYS)
  // A day's window is part of the key: the rows do not change at midnight, the window does.
  const rows = await personal(ctx, 'checkins', { from, today }, () => checkinsBetween(ctx.db, user.id, from, today))
  return stateOf(rows, today)
}

/**
 * Today's check-in on the caller's clock: a second one the same local day replaces that day's
 * (mood and note as sent now), never a second row. 23:30 and 00:30 are two days.
 */
export async function saveCheckin(
  ctx: Ctx,
  input: { mood: Mood; note?: string | undefined },
  zone: string,
  now = Date.now(),
): Promise<CheckinState & { updated: boolean }> {
  const user = caller(ctx)
  // A person without a zone on their profile keeps this one from now on: one clock, one "today".
  // The session's copy of the row learns it at once (streaks count days in it too), and reads
  // before the copy has it ask D1 (checkinZone).
  if (!user.row?.timezone) {
    const kept = await keepZone(ctx.db, user.id, zone)
    zone = canonicalTimeZone(kept ?? zone) ?? zone
    if (kept) await refreshSessions(ctx.env, user.id)
  }
  const today = wallClock(now, zone).date
  const saved = await upsertCheckin(
    ctx.db,
    { userId: user.id, day: today, mood: input.mood, note: input.note || null, now: new Date(now) },
    addDays(today, 1 - TREND_DAYS),
  )
  return { ...stateOf(saved.days, today), updated: saved.existed }
}
