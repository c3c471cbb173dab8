import { z } from 'zod'
import { envelope, imagesSchema, languageSchema, paginationSchema, statsSchema } from './common'

export const symptomRefSchema = z.object({ id: z.number().int(), slug: z.string(), title: z.string(), is_primary: z.boolean().optional() })

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
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  language: languageSchema,
  status: z.number().int(),
  is_public: z.boolean(),
  is_active: z.boolean(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  tag: z.string().nullable(),
  order: z.number().int(),
  needs_appointment: z.boolean(),
  category: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }).nullable(),
  symptoms: z.array(symptomRefSchema),
  units_count: z.number().int(),
  units: z.array(unitSummarySchema).optional(),
  images: imagesSchema.nullable().optional(),
  stats: statsSchema.optional(),
  liked_by_me: z.boolean().optional(),
  createdBy: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable().optional(),
})
export type RouteDto = z.infer<typeof routeSchema>

export const routesResponse = envelope({ routes: z.array(routeSchema), pagination: paginationSchema })

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
  routes: z.array(z.object({ id: z.number().int(), slug: z.string(), title: z.string() })).optional(),
})
export type SymptomDto = z.infer<typeof symptomSchema>

export const symptomsResponse = envelope({ symptoms: z.array(symptomSchema), pagination: paginationSchema })
