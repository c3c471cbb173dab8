import { Hono } from 'hono'
import * as calls from '#shared/contract/tracking'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { anyone } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import * as tracking from './tracking.service'

/** Sessions, events and missing translations (issue 8 §4): anyone, signed in or not. */
export const trackingRoutes = new Hono<AppEnv>()
  .on(
    calls.getSession.method,
    calls.getSession.path,
    anyone,
    ...endpoint(calls.getSession, async (c, q) => reply(c, calls.getSession, await tracking.openSession(ctxOf(c), q))),
  )
  .on(
    calls.track.method,
    calls.track.path,
    anyone,
    ...endpoint(calls.track, async (c, f) => {
      await tracking.trackEvent(ctxOf(c), f)
      return reply(c, calls.track, {}, { status: 202 })
    }),
  )
  .on(
    calls.reportTranslation.method,
    calls.reportTranslation.path,
    anyone,
    ...endpoint(calls.reportTranslation, async (c, f) => {
      await tracking.reportMissingTranslation(ctxOf(c), f.text)
      return reply(c, calls.reportTranslation, {}, { status: 202 })
    }),
  )
