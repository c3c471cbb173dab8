import * as calls from '#shared/contract/checkins'
import { MOOD_KEY } from '#shared/checkins'
import { requireUser } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import { zoneOfRequest } from './checkins.pages'
import * as checkins from './checkins.service'

/** The daily check-in (issue 34 §4): the signed-in caller's own, on their own clock. */
export const checkinsRoutes = routes((on) => {
  on(calls.listCheckins, requireUser, (_, ctx, c) => checkins.checkinState(ctx, zoneOfRequest(c)))
  on(calls.saveCheckin, requireUser, async (f, ctx, c) =>
    // The kind words answer the step the person chose.
    answer(await checkins.saveCheckin(ctx, f, zoneOfRequest(c)), { message: `checkins.kind.${MOOD_KEY[f.mood]}` }),
  )
})
