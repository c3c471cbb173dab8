// Shared with my psychologist, only by choice (issue 44 §1, §2; decision 067; docs/API.md
// "Shared with my psychologist"). The person chooses, per psychologist, what that psychologist
// sees; the psychologist of a session reads only that, only while the pair has a live or recent
// session; every answer is a view the person can read. Health data: never cached, never sent out.
import { TREND_DAYS } from '#shared/checkins'
import type { PracticeDto, ShareDto, SharedDto, ShareViewDto } from '#shared/contract/shares'
import { Role } from '#shared/enums'
import { canonicalTimeZone } from '#shared/contract/fields'
import type { Ctx } from '#worker/context'
import type { ShareViewPart } from '#worker/db/schema'
import { primaryOf } from '#worker/db/rounds'
import { getDb } from '#worker/db/client'
import { AppError } from '#worker/http/errors'
import { me } from '#worker/identity/caller'
import { addDays, wallClock } from '#worker/lib/zones'
import * as repo from './shares.repo'
import { recommendationsFrom, sharedSafetyPlan } from './shares.bridge'

const DAY_MS = 86_400_000
/** A share ends by itself this long after the last session with that psychologist (issue 44 §1). */
export const SHARE_ENDS_AFTER_MS = 90 * DAY_MS
/** "Recent": a session of the pair that ended this long ago or less still opens "before the session". */
export const RECENT_SESSION_MS = 14 * DAY_MS
/** Practice counts from the previous session's end, or this far back when there was none. */
const PRACTICE_DEFAULT_MS = 30 * DAY_MS
const VIEWS_LISTED = 100

const hosts = (role: number | null) => role === Role.psychologist || role === Role.admin

/** Something is shared, the psychologist still sees people, and the 90 days have not run out. */
const isActive = (
  r: { checkins: boolean; notes: boolean; practice: boolean; safety_plan: boolean },
  role: number | null,
  lastEnd: Date | null,
  now: number,
) =>
  (r.checkins || r.notes || r.practice || r.safety_plan) &&
  hosts(role) &&
  lastEnd !== null &&
  now < lastEnd.getTime() + SHARE_ENDS_AFTER_MS

function dto(r: repo.ShareRow, now: number): ShareDto {
  return {
    host_id: r.host_id,
    host: { id: r.host_id, name: r.name, avatar: r.avatar },
    checkins: r.checkins,
    notes: r.notes,
    practice: r.practice,
    safety_plan: r.safety_plan,
    active: isActive(r, r.role, r.last_end, now),
    host_active: hosts(r.role),
    last_session_at: r.last_held?.toISOString() ?? null,
    ends_at: r.last_end ? new Date(r.last_end.getTime() + SHARE_ENDS_AFTER_MS).toISOString() : null,
    updated_at: r.updated_at?.toISOString() ?? null,
  }
}

/** GET /v1/my/shares: the caller's psychologists and what each sees. */
export async function listShares(ctx: Ctx, now = Date.now()) {
  const user = me(ctx)
  return { shares: (await repo.sharesOf(ctx.db, user.id, undefined, now)).map((r) => dto(r, now)) }
}

const notYours = () =>
  new AppError('validation', { message: 'shares.errors.host', fields: { host_id: ['shares.errors.host'] } })

/**
 * POST /v1/my/share: the four boxes for one psychologist the caller has a session with (held or
 * to come). Turning something on needs a psychologist who still sees people; turning all off
 * (withdrawing) is always allowed, and holds at once: the next read of the psychologist finds it.
 */
export async function saveShare(
  ctx: Ctx,
  f: { host_id: number; checkins: boolean; notes: boolean; practice: boolean; safety_plan: boolean },
  now = Date.now(),
) {
  const user = me(ctx)
  const anything = f.checkins || f.notes || f.practice || f.safety_plan
  // One batch (the pair before, the write under these same rules as SQL, the pair after); the
  // refusal is explained from the pair as that transaction found it.
  const { before: pair, after } = await repo.saveShare(
    ctx.db,
    {
      userId: user.id,
      hostId: f.host_id,
      checkins: f.checkins,
      notes: f.notes,
      practice: f.practice,
      safetyPlan: f.safety_plan,
    },
    new Date(now),
  )
  // A share whose every session was cancelled since still has its row (and would open again with
  // a new booking): withdrawing it stays allowed, sharing more needs a session.
  if (!pair || (pair.last_end === null && anything)) throw notYours()
  if (anything && !hosts(pair.role))
    throw new AppError('validation', {
      message: 'shares.errors.host_left',
      fields: { host_id: ['shares.errors.host_left'] },
    })
  return { share: dto(after!, now) }
}

/** GET /v1/my/share/views: who looked, when, what they saw; newest first. */
export async function listViews(ctx: Ctx): Promise<{ views: ShareViewDto[] }> {
  const user = me(ctx)
  const rows = await repo.viewsOf(ctx.db, user.id, VIEWS_LISTED)
  return {
    views: rows.map((r) => ({
      id: r.id,
      host_id: r.host_id,
      host_name: r.host_name,
      appointment_id: r.appointment_id,
      seen: JSON.parse(r.seen) as ShareViewPart[],
      viewed_at: new Date(r.created_at).toISOString(),
    })),
  }
}

/** GET /v1/appointment/sharers: who shares something with the caller now (the agenda's hint; no content). */
export async function listSharers(ctx: Ctx, now = Date.now()) {
  const user = me(ctx)
  if (!hosts(user.role)) return { guest_ids: [] }
  return { guest_ids: (await repo.sharersOf(ctx.db, user.id, now - RECENT_SESSION_MS)).map((r) => r.id) }
}

/**
 * GET /v1/appointment/shared?id=N: for the host of session N alone (an admin is anyone else),
 * while they still see people (their role read from D1 now), while the pair has a live session
 * or one that ended in the last 14 days, and while the person shares something: each part
 * null when not shared. Any other case is 403, the same for a session that does not exist, so
 * nobody learns from the answer whether a session is there. Each answer is a view (a HEAD's is not:
 * it shows nothing).
 */
export async function shared(
  ctx: Ctx,
  id: number,
  now = Date.now(),
  { view = true }: { view?: boolean } = {},
): Promise<SharedDto> {
  const user = me(ctx)
  // From the primary: a withdrawal, a demotion or an erasure just written holds for this read,
  // whichever replica the psychologist's session reads from.
  const s = await repo.sessionShare(getDb(primaryOf(ctx.env.DB)), id, now - RECENT_SESSION_MS)
  const refused = () => new AppError('unauthorized', { message: 'shares.errors.not_shared' })
  if (!s || s.host_id === null || s.host_id !== user.id || !hosts(s.host_role)) throw refused()
  if (!s.live_or_recent || !isActive(s, s.host_role, s.last_end, now)) throw refused()

  const zone = canonicalTimeZone(s.guest_zone ?? '') ?? 'UTC'
  const today = wallClock(now, zone).date
  const from = addDays(today, 1 - TREND_DAYS)
  const wantsDays = s.checkins || s.notes
  const [days, practice, plan, recommended] = await Promise.all([
    wantsDays ? repo.checkinsOf(ctx.db, s.guest_id, from, today) : Promise.resolve([]),
    s.practice ? practiceSince(ctx, s, zone, now) : Promise.resolve(null),
    s.safety_plan ? sharedSafetyPlan(ctx.db, s.guest_id) : Promise.resolve(null),
    recommendationsFrom(ctx.db, s.guest_id, user.id),
  ])
  const byDay = new Map(days.map((d) => [d.day, d]))
  const answer: SharedDto = {
    appointment_id: s.id,
    guest: { id: s.guest_id, name: s.guest_name },
    checkins: s.checkins
      ? {
          days: Array.from({ length: TREND_DAYS }, (_, i) => {
            const day = addDays(today, i - (TREND_DAYS - 1))
            return { day, mood: byDay.get(day)?.mood ?? null }
          }),
        }
      : null,
    notes: s.notes ? days.flatMap((d) => (d.note ? [{ day: d.day, note: d.note }] : [])) : null,
    practice: practice && { ...practice, recommended: recommendedDone(recommended.routes, practice) },
    safety_plan: plan,
    // What this psychologist recommended is theirs to see again whatever the boxes say.
    recommendations: recommended.items.length ? recommended.items : null,
  }
  const seen = (['checkins', 'notes', 'practice', 'safety_plan', 'recommendations'] as const).filter(
    (k) => answer[k] !== null,
  )
  if (view)
    await repo.recordView(
      ctx.db,
      { userId: s.guest_id, hostId: user.id, hostName: s.host_name, appointmentId: s.id, seen: [...seen] },
      new Date(now),
    )
  return answer
}

async function practiceSince(ctx: Ctx, s: repo.SessionShare, zone: string, now: number) {
  const since = s.previous_end?.getTime() ?? now - PRACTICE_DEFAULT_MS
  const p = await repo.practiceOf(ctx.db, s.guest_id, since, wallClock(since, zone).date)
  return {
    since: new Date(since).toISOString(),
    routes_completed: p.routes.length,
    units_completed: p.unitsCompleted,
    minutes_listened: Math.round(p.seconds / 60),
    days_active: p.daysActive,
    routes: p.routes,
  }
}

/** Each route the psychologist recommended, and whether the person completed it in the practice's window. */
function recommendedDone(
  recommended: { id: number; title: string; slug: string }[],
  practice: Omit<PracticeDto, 'recommended'>,
): PracticeDto['recommended'] {
  if (!recommended.length) return null
  const done = new Set(practice.routes.map((r) => r.id))
  return recommended.map((r) => ({ ...r, done: done.has(r.id) }))
}
