import * as calls from '#shared/contract/care'
import { requireUser } from '#worker/http/auth'
import { routes } from '#worker/http/mount'
import * as recommendations from './recommendations.service'
import * as safety from './safety.service'

/** Care between sessions (issue 44 §3, §4): every call is the signed-in caller's own. */
export const careRoutes = routes((on) => {
  on(calls.recommend, requireUser, (f, ctx) => recommendations.recommend(ctx, f))
  on(calls.myRecommendations, requireUser, (_, ctx) => recommendations.mine(ctx))
  on(calls.mySafetyPlan, requireUser, (_, ctx) => safety.mySafetyPlan(ctx))
  on(calls.saveSafetyPlan, requireUser, (f, ctx) => safety.saveSafetyPlan(ctx, f))
})
