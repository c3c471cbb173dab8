// Units, progress and playback (issue 6 §4-§7; docs/API.md "Units and playback";
// docs/decisions/017-who-may-play.md). SPEC names no unit calls: these paths follow its style.
import { z } from './zod'
import { UNIT_KINDS } from '#shared/enums'
import { get, post } from './call'
import { envelope, languageSchema } from './common'
import { bool01, idField, int, line } from './fields'

/**
 * Why the caller may not play a unit: SPEC §4's unit lock codes (`login_needed`,
 * `unit_not_completed`) plus `no_privileges` (SPEC §6/§8 'no privileges to play this': signed
 * in, free access over, not a subscriber). `null` means the caller may play it.
 */
export const PLAYBACK_LOCKS = ['login_needed', 'unit_not_completed', 'no_privileges'] as const
export type PlaybackLock = (typeof PLAYBACK_LOCKS)[number]

/** The largest position a save may carry (a day); a position past the unit's end is clamped to it. */
export const MAX_POSITION_SECONDS = 24 * 60 * 60

/** A WebVTT transcript of a unit, in one language (served `text/vtt`). */
export const transcriptSchema = z.object({ language: languageSchema, url: z.string() })

/**
 * Where the player reads a unit's media: a short-lived signed URL under /media (no session
 * lookup per Range request), given only to a caller who may play the unit.
 */
export const unitMediaSchema = z.object({
  url: z.string(),
  content_type: z.string(),
  /** When `url` stops working on its own (ISO); the session cookie still serves it after that. */
  expires_at: z.string(),
  transcripts: z.array(transcriptSchema),
})
export type UnitMediaDto = z.infer<typeof unitMediaSchema>

/** One visible unit of a route, as the caller sees it. */
export const unitStateSchema = z.object({
  id: z.number().int(),
  order: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  kind: z.enum(UNIT_KINDS),
  duration_seconds: z.number().int().nullable(),
  /** A public cover picture (/media/...), or null. */
  cover: z.string().nullable(),
  /** The caller's saved position in seconds (0 for visitors and units never played). */
  position: z.number().int(),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  lock: z.enum(PLAYBACK_LOCKS).nullable(),
  /** Only when `lock` is null. */
  media: unitMediaSchema.nullable(),
})
export type UnitStateDto = z.infer<typeof unitStateSchema>

/** A route's progress for the caller: completed visible units / visible units, as a percent (0-100). */
export const routeProgressSchema = z.object({
  route_id: z.number().int(),
  completed_units: z.number().int(),
  visible_units: z.number().int(),
  progress: z.number().int(),
})
export type RouteProgressDto = z.infer<typeof routeProgressSchema>

export const playbackRouteSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  language: languageSchema,
})

// ── Calls ────────────────────────────────────────────────────────────────────────────────────

/** `route`: a route id (digits), or a slug in the request's language. */
/** `plan_id`: the plan the route is opened from (its locks apply); else the caller's current plan. */
export const routeUnitsQuery = z.object({ route: line(200), plan_id: idField.optional() })

/** GET /v1/route/units: the ordered visible units of a route with the caller's state of each. */
export const listRouteUnits = get(
  '/route/units',
  routeUnitsQuery,
  envelope({ route: playbackRouteSchema, progress: routeProgressSchema, units: z.array(unitStateSchema) }),
)

export const unitProgressForm = z.object({
  unit_id: int({ min: 1 }),
  /** Whole seconds from the start. */
  position: int({ min: 0, max: MAX_POSITION_SECONDS }),
  completed: bool01.optional(),
  /**
   * When it happened (ms since the epoch, the device's clock), for a save made offline and sent
   * later (issue 23 §5): the completion and the streak's day are of that moment. The server keeps
   * it within the last 7 days and never after its own clock.
   */
  played_at: int({ min: 0 }).optional(),
})
export type UnitProgressForm = z.output<typeof unitProgressForm>

/**
 * POST /v1/unit/progress: the caller's position in a unit (saved while playing) and its
 * completion. Idempotent; a completion is never undone. `units` (the route's units again) comes
 * only with the save that completed the unit, so the next one unlocks without another call.
 */
export const saveUnitProgress = post(
  '/unit/progress',
  unitProgressForm,
  envelope({
    unit: z.object({
      id: z.number().int(),
      position: z.number().int(),
      completed: z.boolean(),
      completed_at: z.string().nullable(),
    }),
    progress: routeProgressSchema,
    units: z.array(unitStateSchema).optional(),
  }),
)

export const playbackCalls = [listRouteUnits, saveUnitProgress] as const
