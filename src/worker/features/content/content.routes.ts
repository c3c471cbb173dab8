import { Hono } from 'hono'
import { z } from 'zod'
import { PAGE_SIZE } from '#shared/limits'
import type { AppEnv } from '../../env'
import { ok } from '../../http/envelope'
import { listSchema } from '../../http/list'
import { bool01, language, v } from '../../http/validate'
import { listRoutes, listSymptoms } from './content.service'

const pipeValues = z
  .string()
  .max(500)
  .transform((s) => s.split('|').map((x) => x.trim()).filter(Boolean).slice(0, 20))

const routesQuery = listSchema({
  filters: {
    slug: z.string().trim().max(200).optional(),
    search: z.string().trim().max(200).optional(),
    symptoms: pipeValues.optional(),
    tags: pipeValues.optional(),
    diffuse: bool01.optional(),
    language: language().optional(),
  },
  orderBy: ['order', 'created_at', 'title', 'id'],
  properties: ['images', 'stats'],
  relations: ['createdBy', 'units'],
})

const symptomsQuery = listSchema({
  filters: {
    search: z.string().trim().max(200).optional(),
    symptoms_with_routes: bool01.optional(),
    diffuse: bool01.optional(),
    language: language().optional(),
  },
  orderBy: ['title', 'id'],
  relations: ['routes'],
  defaultPerPage: PAGE_SIZE.symptoms,
})

/** Routes and symptoms (SPEC §7 "Routes", "Symptoms"); visitors may read them. */
export const contentRoutes = new Hono<AppEnv>()
  .get('/routes', v('query', routesQuery), async (c) => {
    const q = c.req.valid('query')
    const { language: lang, ...filters } = q.filters
    const out = await listRoutes(c.var.db, {
      page: q.page,
      perPage: q.per_page,
      language: lang ?? c.var.locale,
      filters,
      order: q.order_by,
      properties: q.with_properties,
      relations: [...q.with_relations, ...q.with_relations_counts],
      userId: c.var.user?.id ?? null,
    })
    return ok(c, out)
  })
  .get('/symptoms', v('query', symptomsQuery), async (c) => {
    const q = c.req.valid('query')
    const out = await listSymptoms(c.var.db, {
      page: q.page,
      perPage: q.per_page,
      language: q.filters.language ?? c.var.locale,
      search: q.filters.search,
      diffuse: q.filters.diffuse,
      withRoutes: !!q.filters.symptoms_with_routes,
      includeRoutes: !!q.filters.symptoms_with_routes || q.with_relations.includes('routes'),
      order: q.order_by,
    })
    return ok(c, out)
  })
