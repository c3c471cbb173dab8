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
import { checkinsBetween, keepZone, upsertCheckin, type CheckinRow } from './checkins.repo'

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

/** Today's check-in and the trend, on the caller's clock (`zone`); the rows kept per data version. */
export async function checkinState(ctx: Ctx, zone: string, now = Date.now()): Promise<CheckinState> {
  const user = caller(ctx)
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
  if (!user.row?.timezone) zone = canonicalTimeZone((await keepZone(ctx.db, user.id, zone)) ?? zone) ?? zone
  const today = wallClock(now, zone).date
  const saved = await upsertCheckin(
    ctx.db,
    { userId: user.id, day: today, mood: input.mood, note: input.note || null, now: new Date(now) },
    addDays(today, 1 - TREND_DAYS),
  )
  return { ...stateOf(saved.days, today), updated: saved.existed }
}
