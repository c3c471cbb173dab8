import { Hono } from 'hono'
import * as calls from '#shared/contract/checkins'
import { MOOD_KEY } from '#shared/checkins'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { requireUser } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import { zoneOfRequest } from './checkins.pages'
import * as checkins from './checkins.service'

/** The daily check-in (issue 34 §4): the signed-in caller's own, on their own clock. */
export const checkinsRoutes = new Hono<AppEnv>()
  .on(
    calls.listCheckins.method,
    calls.listCheckins.path,
    requireUser,
    ...endpoint(calls.listCheckins, async (c) =>
      reply(c, calls.listCheckins, await checkins.checkinState(ctxOf(c), zoneOfRequest(c))),
    ),
  )
  .on(
    calls.saveCheckin.method,
    calls.saveCheckin.path,
    requireUser,
    ...endpoint(calls.saveCheckin, async (c, f) => {
      const saved = await checkins.saveCheckin(ctxOf(c), f, zoneOfRequest(c))
      return reply(c, calls.saveCheckin, saved, { message: `checkins.kind.${MOOD_KEY[f.mood]}` })
    }),
  )
