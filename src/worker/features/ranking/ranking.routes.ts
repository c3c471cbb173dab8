import * as calls from '#shared/contract/ranking'
import { requireUser } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import * as ranking from './ranking.service'

/** The daily ranking (issue 11 §3): signed-in callers; the own row is the caller's. */
export const rankingRoutes = routes((on) => {
  on(calls.getRanking, requireUser, (_, ctx) => ranking.ranking(ctx))
  on(calls.setRankingVisibility, requireUser, async (f, ctx) => {
    await ranking.setHidden(ctx, f.hidden)
    return answer({ hidden: f.hidden }, { message: f.hidden ? 'engagement.ranking.left' : 'engagement.ranking.joined' })
  })
})
