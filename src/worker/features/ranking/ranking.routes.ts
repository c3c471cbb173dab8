import { Hono } from 'hono'
import * as calls from '#shared/contract/ranking'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { requireUser } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import * as ranking from './ranking.service'

/** The daily ranking (issue 11 §3): signed-in callers; the own row is the caller's. */
export const rankingRoutes = new Hono<AppEnv>()
  .on(
    calls.getRanking.method,
    calls.getRanking.path,
    requireUser,
    ...endpoint(calls.getRanking, async (c) => reply(c, calls.getRanking, await ranking.ranking(ctxOf(c)))),
  )
  .on(
    calls.setRankingVisibility.method,
    calls.setRankingVisibility.path,
    requireUser,
    ...endpoint(calls.setRankingVisibility, async (c, f) => {
      await ranking.setHidden(ctxOf(c), f.hidden)
      return reply(
        c,
        calls.setRankingVisibility,
        { hidden: f.hidden },
        { message: f.hidden ? 'engagement.ranking.left' : 'engagement.ranking.joined' },
      )
    }),
  )
