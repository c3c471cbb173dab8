import { listRoutes, listSymptoms } from '#shared/contract/content'
import { anyone } from '#worker/http/auth'
import { routes } from '#worker/http/mount'
import * as content from './content.service'

/** Routes and symptoms (SPEC §7 "Routes", "Symptoms"); visitors may read them. */
export const contentRoutes = routes((on) => {
  on(listRoutes, anyone, (q, ctx) => content.listRoutes(ctx, q))
  on(listSymptoms, anyone, (q, ctx) => content.listSymptoms(ctx, q))
})
