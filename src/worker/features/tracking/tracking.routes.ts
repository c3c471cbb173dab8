import * as calls from '#shared/contract/tracking'
import { anyone } from '#worker/http/auth'
import { routes } from '#worker/http/mount'
import * as tracking from './tracking.service'

/** Sessions, events and missing translations (issue 8 §4): anyone, signed in or not. */
export const trackingRoutes = routes((on) => {
  on(calls.getSession, anyone, (q, ctx) => tracking.openSession(ctx, q))
  on(calls.track, anyone, async (f, ctx) => {
    await tracking.trackEvent(ctx, f)
  })
  on(calls.reportTranslation, anyone, async (f, ctx) => {
    await tracking.reportMissingTranslation(ctx, f.text)
  })
})
