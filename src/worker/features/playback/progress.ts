// What the plans feature reads of playback: a visible route and the person's progress through
// routes. Not in playback.service, which asks plans whether a route is locked: plans importing
// it back would close a cycle, so this module imports only playback's own repo.
import type { Ctx } from '#worker/context'
import * as repo from './playback.repo'

/** A visible route by id, or by slug in a language (1 statement). */
export const findVisibleRoute = (ctx: Ctx, ref: repo.RouteRef) => repo.findVisibleRoute(ctx.db, ref)

/** Each route of a plan (an id, or a subquery naming it) with the person's progress (1 statement, beside the plan's read). */
export const planRouteProgress = repo.planRouteProgress
export type { RouteProgress } from './playback.repo'
