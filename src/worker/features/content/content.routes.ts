import { Hono } from 'hono'
import { listRoutes, listSymptoms } from '#shared/contract/content'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { anyone } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import * as content from './content.service'

/** Routes and symptoms (SPEC §7 "Routes", "Symptoms"); visitors may read them. */
export const contentRoutes = new Hono<AppEnv>()
  .on(
    listRoutes.method,
    listRoutes.path,
    anyone,
    ...endpoint(listRoutes, async (c, q) => reply(c, listRoutes, await content.listRoutes(ctxOf(c), q))),
  )
  .on(
    listSymptoms.method,
    listSymptoms.path,
    anyone,
    ...endpoint(listSymptoms, async (c, q) => reply(c, listSymptoms, await content.listSymptoms(ctxOf(c), q))),
  )
