// Who may play which unit, the caller's progress, and where the player reads the media
// (issue 6 §4-§7; docs/decisions/017-who-may-play.md).
import { personal } from '#worker/http/person-cache'
import type {
  PlaybackLock,
  RouteProgressDto,
  UnitMediaDto,
  UnitProgressForm,
  UnitStateDto,
} from '#shared/contract/playback'
import { LANGUAGES, Role, type Language } from '#shared/enums'
import type { Ctx } from '#worker/context'
import type { Db } from '#worker/db/client'
import type { Env, SessionUser } from '#worker/env'
import { AppError } from '#worker/http/errors'
import { sharedAnswer } from '#worker/http/public-cache'
import { memo } from '#worker/http/memo'
import { contentTypeOf, mediaKeysOfTranscript, transcriptKey } from '#worker/lib/media-types'
import { grantExpiry, signedMediaUrl } from './media-grant'
import * as repo from './playback.repo'
import { blockOfRow, routeBlock, routeLockQuery, type RouteBlock } from '#worker/features/plans/plans.service'
import {
  activityStatements,
  afterRewards,
  catalogSeeded,
  catalogStatements,
  rewardStatements,
} from '#worker/features/engagement/engagement.service'
import { sql } from 'drizzle-orm'
import { batch, rowsIn, type RunResult } from '#worker/db/query'
import { MIN_LISTEN_SECONDS } from '#worker/features/engagement/streak'

/** What the rules need to know of the caller (null: a visitor). */
export type Player = Pick<SessionUser, 'id' | 'role' | 'accessExpired'> | null

/**
 * Plays every unit (in order): anyone whose free access is not over. `accessExpired` is only
 * ever true for a patient who is not a subscriber once `free_access_until` has passed
 * (identity/), so subscribers and every other role (admins, publishers,
 * psychologists, coaches, influencers) always do.
 */
const playsEverything = (u: NonNullable<Player>) => !u.accessExpired
/** Admins and publishers review content: they may open any unit, out of order. */
const skipsOrder = (u: NonNullable<Player>) => u.role === Role.admin || u.role === Role.publisher

/**
 * The lock of each unit of one route (`rows` in order) for `user` (docs/decisions/017):
 * - a visitor: every unit is `login_needed` (SPEC §1 "logging in is required to play units");
 * - the first unit is the trial: any signed-in person plays it, free access over or not;
 * - the others need free access or a subscription (`no_privileges` otherwise);
 * - and the unit before must be completed (`unit_not_completed`), except for admins and publishers.
 */
export function locksOf(user: Player, rows: readonly { completedAt: Date | null }[]): (PlaybackLock | null)[] {
  return rows.map((_, i) => {
    if (!user) return 'login_needed'
    if (i === 0) return null
    if (!playsEverything(user)) return 'no_privileges'
    if (!skipsOrder(user) && !rows[i - 1]!.completedAt) return 'unit_not_completed'
    return null
  })
}

/** How long an isolate remembers which transcripts a unit's media has (public facts, no person's). */
const TRANSCRIPTS_TTL_MS = 5 * 60_000
/** How long an isolate remembers which units play an R2 key (public facts; content edits show within it). */
const MEDIA_UNITS_TTL_MS = 60_000

/** The languages a unit's media has a WebVTT transcript in (R2 heads, remembered a few minutes). */
async function transcriptLanguages(env: Env, mediaKey: string): Promise<Language[]> {
  try {
    return await memo(`playback:transcripts:${mediaKey}`, TRANSCRIPTS_TTL_MS, async () => {
      const heads = await Promise.all(LANGUAGES.map((l) => env.MEDIA.head(transcriptKey(mediaKey, l))))
      return LANGUAGES.filter((_, i) => heads[i] !== null)
    })
  } catch (err) {
    // The unit still plays, without its transcript.
    console.warn('[playback] transcript lookup failed:', err instanceof Error ? err.message : err)
    return []
  }
}

async function mediaOf(env: Env, key: string, exp: number): Promise<UnitMediaDto> {
  const [url, languages] = await Promise.all([signedMediaUrl(env, key, exp), transcriptLanguages(env, key)])
  const transcripts = await Promise.all(
    languages.map(async (language) => ({
      language,
      url: await signedMediaUrl(env, transcriptKey(key, language), exp),
    })),
  )
  return {
    url,
    content_type: contentTypeOf(key) ?? 'application/octet-stream',
    expires_at: new Date(exp * 1000).toISOString(),
    transcripts,
  }
}

/** One route's units (in order) as the caller sees them: state, lock, and media when playable. */
async function toStates(env: Env, user: Player, rows: readonly repo.UnitRow[]): Promise<UnitStateDto[]> {
  const locks = locksOf(user, rows)
  const exp = grantExpiry()
  return Promise.all(
    rows.map(async (r, i) => ({
      id: r.id,
      order: r.order,
      title: r.title,
      description: r.description,
      kind: r.kind === 'video' ? ('video' as const) : ('audio' as const),
      duration_seconds: r.durationSeconds,
      cover: r.coverKey ? `/media/${r.coverKey}` : null,
      position: r.position ?? 0,
      completed: !!r.completedAt,
      completed_at: r.completedAt ? r.completedAt.toISOString() : null,
      lock: locks[i]!,
      media: locks[i] === null && r.mediaKey ? await mediaOf(env, r.mediaKey, exp) : null,
    })),
  )
}

function progressOf(routeId: number, rows: readonly { completedAt: Date | null }[]): RouteProgressDto {
  const completed = rows.filter((r) => r.completedAt).length
  return {
    route_id: routeId,
    completed_units: completed,
    visible_units: rows.length,
    progress: repo.progressPercent(completed, rows.length),
  }
}

/** GET /v1/route/units: a visible route's visible units, in order, with the caller's state of each. */
export async function listRouteUnits(ctx: Ctx, q: { route: string; plan_id?: number }) {
  const ref: repo.RouteRef = /^\d{1,15}$/.test(q.route)
    ? { id: Number(q.route) }
    : { slug: q.route, language: ctx.locale }
  // The route is the same for everyone (the versioned public cache); the lock and the person's
  // units with their progress are read together: 1 round once the route is cached (issue 21 §2).
  const route = await sharedAnswer(
    ctx.env,
    ctx.waitUntil,
    'route-ref',
    ref,
    async () => (await repo.findVisibleRoute(ctx.db, ref)) ?? null,
  )
  if (!route) throw new AppError('not_found', { message: 'errors.route_not_found' })
  const [, rows] = await Promise.all([
    refuseBlocked(ctx, route.id, q.plan_id),
    // The person's progress in them, kept between their requests (http/person-cache.ts).
    personal(ctx, 'units-progress', route.id, () => repo.unitsWithProgress(ctx.db, [route.id], ctx.user?.id ?? null)),
  ])
  return { route, progress: progressOf(route.id, rows), units: await toStates(ctx.env, ctx.user, rows) }
}

/**
 * How far into a unit of known length a completion must be: the player says `completed` at the
 * media's end, so a completion at 0 s of 300 is no one who listened (found from outside: it
 * unlocked the next unit and counted for rewards). A length typed a little long still completes.
 */
export const COMPLETE_AT = 0.8

/** How far back a save made offline may date itself (issue 23 §5). */
export const OFFLINE_SAVE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/**
 * The moment a save counts for (its progress, its activity day): the `played_at` a save made
 * offline carries (issue 23 §5), never ahead of now, at most 7 days back, and never before the
 * account existed (issue 41 §4: a 12-second-old account dated seven saves a day apart and got
 * a 7-day streak). Clamped, not refused: the position is real, only its date is not
 * (docs/decisions/061).
 */
export function playedAt(played: number | undefined, now: number, accountCreated: Date | null | undefined) {
  if (played === undefined) return now
  const floor = Math.max(now - OFFLINE_SAVE_MAX_AGE_MS, accountCreated?.getTime() ?? 0)
  return Math.min(now, Math.max(floor, played))
}

/**
 * POST /v1/unit/progress: the caller's position in a unit they may play, and its completion.
 * Refuses a unit that is not visible (404), one the caller may not play (403 no_privileges), one
 * still locked by the unit before it (403, lock `unit_not_completed`) and one their plan still
 * locks (403, plans.route_locked): nothing is written.
 *
 * ONE D1 round (issue 43 §3, docs/decisions/073): one batch, one transaction, that reads the
 * route's units and the plan's lock (to answer, and to explain a refusal), counts the activity
 * (the day, the streak), writes the progress, and gives the rewards now reached with their
 * notices, each write carrying the rules as its SQL condition (playback.repo savableUnit), so a
 * refused save writes nothing and two saves at once give a reward once.
 */
export async function saveProgress(ctx: Ctx, input: UnitProgressForm) {
  const user = ctx.user
  if (!user) throw new AppError('unauthenticated')
  const now = Date.now()
  const at = playedAt(input.played_at, now, user.row?.createdAt)
  const ask: repo.SaveAsk = {
    userId: user.id,
    unitId: input.unit_id,
    position: input.position,
    completed: !!input.completed,
    playsEverything: playsEverything(user),
    skipsOrder: skipsOrder(user),
    routeLock: (routeId) => routeLockQuery(ctx, routeId, now),
    completeAt: COMPLETE_AT,
  }
  const lock = ask.routeLock(sql`(SELECT route_id FROM units WHERE id = ${input.unit_id})`)
  const reads = [repo.unitsBesideUnitQuery(input.unit_id, user.id), ...(lock ? [lock] : [])]
  const person = {
    id: user.id,
    timezone: user.row?.timezone ?? null,
    language: user.language,
    createdAt: user.row?.createdAt ?? null,
  }
  const catalog = catalogStatements()
  // The day counts for the person's streak and rewards (issue 11 §1): a unit completed, or
  // listened to long enough. Before the save: the day's rows are read from the state as it was.
  const day = activityStatements(person, at, repo.saveCounts(ask, MIN_LISTEN_SECONDS))
  const save = repo.saveProgressStatement(ask, at)
  const rewards = rewardStatements(
    user.id,
    user.language,
    at,
    repo.savedAndCounts(user.id, input.unit_id, MIN_LISTEN_SECONDS),
  )
  let res: RunResult[]
  let saveResult: RunResult | undefined
  let notices: RunResult | undefined
  try {
    const all = await batch(ctx.db, [...catalog, ...reads, ...day, save, ...rewards])
    catalogSeeded(catalog)
    res = all.slice(catalog.length, catalog.length + reads.length)
    saveResult = all[catalog.length + reads.length + day.length]
    // The first reward statement answers the notices written (rewardStatements).
    notices = all[catalog.length + reads.length + day.length + 1]
  } catch (err) {
    // The activity never fails the save: logged, and the save alone (one more round, only then).
    console.warn(`activity of user ${user.id} not recorded: ${err instanceof Error ? err.message : String(err)}`)
    res = await batch(ctx.db, [...reads, save])
    saveResult = res[reads.length]
  }
  const rows = repo.unitRowsOf(res[0])
  const block = lock ? blockOfRow(ctx, res[1]) : null
  const savedRow = rowsIn(saveResult, repo.savedRow)[0]
  const saved = savedRow && {
    position: savedRow.position,
    completedAt: savedRow.completed_at === null ? null : new Date(savedRow.completed_at),
  }

  const i = rows.findIndex((r) => r.id === input.unit_id)
  const row = rows[i]
  const refusal = !row
    ? new AppError('not_found', { message: 'errors.item_not_found' })
    : refusalOf(locksOf(user, rows)[i]!, block)
  if (refusal || !saved) {
    // The rules and the write's SQL condition say the same (test/playback/save-one-round.test.ts):
    // a difference is a bug, said loudly.
    if (saved || !refusal) console.error(`[playback] save of unit ${input.unit_id}: the checks and the write disagree`)
    throw refusal ?? new Error('the save was refused by its SQL condition only')
  }
  await afterRewards(ctx, notices)

  const justCompleted = !row!.completedAt && !!saved.completedAt
  rows[i] = { ...row!, position: saved.position, completedAt: saved.completedAt }
  return {
    unit: {
      id: row!.id,
      position: saved.position,
      completed: !!saved.completedAt,
      completed_at: saved.completedAt ? saved.completedAt.toISOString() : null,
    },
    progress: progressOf(row!.routeId, rows),
    // The save that completes a unit answers the route's units again: the next one unlocks at once.
    ...(justCompleted ? { units: await toStates(ctx.env, user, rows) } : {}),
  }
}

/** Why a unit may not be saved: its own lock (locksOf), then the plan's (routeBlock); null when it may. */
function refusalOf(lock: PlaybackLock | null, block: RouteBlock | null): AppError | null {
  if (lock === 'no_privileges') return new AppError('no_privileges', { extra: { lock } })
  if (lock) return new AppError('unauthorized', { message: 'playback.errors.unit_not_completed', extra: { lock } })
  if (block) return blockedError(block)
  return null
}

// ── /media (features/media/media.routes.ts) ──────────────────────────────────────────────────

/** The units that play the file at `key` (as their media, or a transcript of it); [] when it is no unit's. */
export function unitsOfMediaKey(db: Db, key: string) {
  return memo(`playback:media-units:${key}`, MEDIA_UNITS_TTL_MS, () =>
    repo.unitsPlayingMedia(db, [key, ...mediaKeysOfTranscript(key)]),
  )
}

/** Whether the signed-in `ctx.user` may play at least one of `units` now (a file may be shared by several units). */
export async function mayPlayAny(
  ctx: Ctx & { user: SessionUser },
  units: readonly { id: number; routeId: number }[],
): Promise<boolean> {
  const user = ctx.user
  const routeIds = [...new Set(units.map((u) => u.routeId))].slice(0, 20)
  const rows = await repo.unitsWithProgress(ctx.db, routeIds, user.id)
  const wanted = new Set(units.map((u) => u.id))
  for (const routeId of routeIds) {
    const ofRoute = rows.filter((r) => r.routeId === routeId)
    const locks = locksOf(user, ofRoute)
    if (ofRoute.some((r, i) => wanted.has(r.id) && locks[i] === null) && !(await routeBlock(ctx, routeId))) return true
  }
  return false
}

/** Refuse a route the caller's plan still holds locked (SPEC §4 "Locked routes cannot be opened"). */
async function refuseBlocked(ctx: Ctx, routeId: number, planId?: number) {
  const block = await routeBlock(ctx, routeId, planId)
  if (block) throw blockedError(block)
}

const blockedError = (block: RouteBlock) =>
  new AppError('unauthorized', {
    message: 'plans.route_locked',
    extra: { lock_code: block.lock_code, lock_message: block.lock_message, plan_id: block.plan.id },
  })
