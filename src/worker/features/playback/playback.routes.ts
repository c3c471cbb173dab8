import { Hono } from 'hono'
import { listRouteUnits, saveUnitProgress } from '#shared/contract/playback'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { anyone, requireUser } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import * as playback from './playback.service'

/**
 * Units, progress and playback (docs/API.md "Units and playback"). Anyone may list a route's
 * units (a visitor sees every unit locked `login_needed`); saving progress needs a user, and
 * the service refuses a unit the caller may not play (docs/decisions/017-who-may-play.md).
 */
export const playbackRoutes = new Hono<AppEnv>()
  .on(
    listRouteUnits.method,
    listRouteUnits.path,
    anyone,
    ...endpoint(listRouteUnits, async (c, q) => reply(c, listRouteUnits, await playback.listRouteUnits(ctxOf(c), q))),
  )
  .on(
    saveUnitProgress.method,
    saveUnitProgress.path,
    requireUser,
    ...endpoint(saveUnitProgress, async (c, input) =>
      reply(c, saveUnitProgress, await playback.saveProgress(ctxOf(c), input)),
    ),
  )
