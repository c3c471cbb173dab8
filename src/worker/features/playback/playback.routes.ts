import { listRouteUnits, saveUnitProgress } from '#shared/contract/playback'
import { anyone, requireUser } from '#worker/http/auth'
import { routes } from '#worker/http/mount'
import * as playback from './playback.service'

/**
 * Units, progress and playback (docs/API.md "Units and playback"). Anyone may list a route's
 * units (a visitor sees every unit locked `login_needed`); saving progress needs a user, and
 * the service refuses a unit the caller may not play (docs/decisions/017-who-may-play.md).
 */
export const playbackRoutes = routes((on) => {
  on(listRouteUnits, anyone, (q, ctx) => playback.listRouteUnits(ctx, q))
  on(saveUnitProgress, requireUser, (input, ctx) => playback.saveProgress(ctx, input))
})
