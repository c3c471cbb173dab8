// Routes, units and symptoms (SPEC §7 "Routes", "Symptoms"; issue 6 adds the rest).
import { z } from './zod'
import { PAGE_SIZE } from '#shared/limits'
import { get } from './call'
import { contentHead, imagesSchema, languageSchema, linkSchema, statsSchema } from './common'
import { bool01, languageField, line, pipeValues, searchField } from './fields'
import { listSchema, pageOf } from './list'
import { postSchema } from './posts'

export const symptomRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  is_primary: z.boolean().optional(),
})

export const unitSummarySchema = z.object({
  id: z.number().int(),
  order: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  kind: z.string(),
  duration_seconds: z.number().int().nullable(),
})

/** A route as GET /v1/routes lists it (SPEC §3 Route). Optional parts follow with_properties/with_relations. */
export const routeSchema = z.object({
  ...contentHead,
  is_public: z.boolean(),
  is_active: z.boolean(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  tag: z.string().nullable(),
  order: z.number().int(),
  needs_appointment: z.boolean(),
  category: linkSchema.nullable(),
  symptoms: z.array(symptomRefSchema),
  units_count: z.number().int(),
  units: z.array(unitSummarySchema).optional(),
  images: imagesSchema.nullable().optional(),
  stats: statsSchema.optional(),
  liked_by_me: z.boolean().optional(),
  createdBy: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable().optional(),
})
export type RouteDto = z.infer<typeof routeSchema>

export const symptomSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  name: z.string(),
  language: languageSchema,
  status: z.number().int(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  routes_count: z.number().int(),
  routes: z.array(linkSchema).optional(),
})
export type SymptomDto = z.infer<typeof symptomSchema>

// ── Calls ────────────────────────────────────────────────────────────────────────────────────

export const routesQuery = listSchema({
  filters: {
    slug: line(200).optional(),
    search: searchField.optional(),
    symptoms: pipeValues.optional(),
    tags: pipeValues.optional(),
    diffuse: bool01.optional(),
    language: languageField.optional(),
  },
  orderBy: ['order', 'created_at', 'title', 'id'],
  properties: ['images', 'stats'],
  relations: ['createdBy', 'units'],
})
export type RoutesQuery = z.output<typeof routesQuery>

export const listRoutes = get('/routes', routesQuery, pageOf('routes', routeSchema), { publicCacheSeconds: 60 })

export const symptomsQuery = listSchema({
  filters: {
    search: searchField.optional(),
    symptoms_with_routes: bool01.optional(),
    diffuse: bool01.optional(),
    language: languageField.optional(),
  },
  orderBy: ['title', 'id'],
  relations: ['routes'],
  defaultPerPage: PAGE_SIZE.symptoms,
})
export type SymptomsQuery = z.output<typeof symptomsQuery>

export const listSymptoms = get('/symptoms', symptomsQuery, pageOf('symptoms', symptomSchema), {
  publicCacheSeconds: 60,
})

export const contentCalls = [listRoutes, listSymptoms] as const

// ── Pages ────────────────────────────────────────────────────────────────────────────────────

/** /routes: the search page's first answer, rendered by the server. */
export const routesPageData = z.object({
  keyword: z.string(),
  symptoms: z.array(symptomSchema),
  routes: z.array(routeSchema),
  posts: z.array(postSchema),
})
export type RoutesPageData = z.infer<typeof routesPageData>

/** /route/{slug}: the route with its units. */
/** The route page; `plan` is the plan it was opened from (?plan_id=), for the back link, when the caller may see it. */
export const routePageData = z.object({
  route: routeSchema,
  plan: linkSchema.nullable(),
})
export type RoutePageData = z.infer<typeof routePageData>
