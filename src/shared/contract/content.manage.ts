// Editing routes, their symptoms and categories, and symptoms (SPEC §7 "POST /route, DELETE
// /route", "/route/symptom/*", "/route/category", "POST /symptom; DELETE /symptom"; §6: admins,
// and publishers for content). Reading lists for the editors: /route/properties, /route/categories,
// /route/symptoms. docs/API.md "Editing content" has the rules.
import { z } from './zod'
import { PAGE_SIZE } from '#shared/limits'
import { del, get, post } from './call'
import type { MessageKey } from '#shared/i18n/index'
import { envelope, languageSchema, messageResponse } from './common'
import {
  bool01,
  int,
  languageField,
  line,
  paragraph,
  idField,
  contentStatusField,
  categoryRefField,
  coverField,
} from './fields'
import { listSchema, pageOf } from './list'
import { routeSchema, symptomRefSchema, symptomSchema } from './content'

/** A URL slug: lowercase letters, digits and single hyphens. */
export const slugField = line(200).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'validation.slug' })
const id = idField

/**
 * POST /v1/route: without `id` creates (language, slug and title required), with `id` updates
 * the fields sent.
 */
export const routeForm = z.object({
  id: id.optional(),
  language: languageField.optional(),
  slug: slugField.optional(),
  title: line(200).optional(),
  description: paragraph(2000).optional(),
  status: contentStatusField.optional(),
  is_public: bool01.optional(),
  is_active: bool01.optional(),
  seo_title: line(200).optional(),
  seo_description: line(320).optional(),
  tag: line(100).optional(),
  category_id: categoryRefField.optional(),
  order: int({ min: -100000, max: 100000 }).optional(),
  needs_appointment: bool01.optional(),
  image_cover: coverField.optional(),
  image_square: coverField.optional(),
})
export type RouteForm = z.output<typeof routeForm>

export const saveRoute = post('/route', routeForm, envelope({ route: routeSchema }), {
  message: 'content_manage.route_updated',
  createdMessage: 'content_manage.route_created',
})
export const deleteRoute = del('/route', z.object({ id }), messageResponse, { message: 'content_manage.route_deleted' })

const routeSymptom = z.object({ route_id: id, symptom_id: id })
export const assignSymptom = post(
  '/route/symptom/assign',
  routeSymptom,
  envelope({ symptoms: z.array(symptomRefSchema) }),
  { message: 'content_manage.symptom_assigned' },
)
export const unassignSymptom = del(
  '/route/symptom/unassign',
  routeSymptom,
  envelope({ symptoms: z.array(symptomRefSchema) }),
  { message: 'content_manage.symptom_unassigned' },
)
export const applyPrimarySymptom = post(
  '/route/symptom/apply/primary',
  routeSymptom,
  envelope({ symptoms: z.array(symptomRefSchema) }),
  { message: 'content_manage.primary_set' },
)

export const categorySchema = z.object({
  id: z.number().int(),
  language: languageSchema,
  slug: z.string(),
  title: z.string(),
})
export const categoryForm = z.object({
  id: id.optional(),
  language: languageField.optional(),
  slug: slugField.optional(),
  title: line(120).optional(),
})
export type CategoryForm = z.output<typeof categoryForm>
export const categoriesQuery = listSchema({
  filters: { language: languageField.optional() },
  orderBy: ['title', 'id'],
  defaultPerPage: PAGE_SIZE.categories,
})

/**
 * The three calls of a kind of category, routes' or posts' (SPEC §7 "GET /route/categories",
 * "POST /route/category", "DELETE /route/category", and the same under /post): one shape, each
 * kind with its own words.
 */
export function categoryCalls<B extends '/route' | '/post'>(
  base: B,
  words: { updated: MessageKey; created: MessageKey; deleted: MessageKey },
) {
  return {
    list: get(`${base}/categories`, categoriesQuery, pageOf('categories', categorySchema)),
    save: post(`${base}/category`, categoryForm, envelope({ category: categorySchema }), {
      message: words.updated,
      createdMessage: words.created,
    }),
    remove: del(`${base}/category`, z.object({ id }), messageResponse, { message: words.deleted }),
  }
}
const routeCategories = categoryCalls('/route', {
  updated: 'content_manage.category_updated',
  created: 'content_manage.category_created',
  deleted: 'content_manage.category_deleted',
})
export const listRouteCategories = routeCategories.list
export const saveRouteCategory = routeCategories.save
export const deleteRouteCategory = routeCategories.remove

/** GET /v1/route/symptoms: every symptom of a language, for the editor's picker (or those of one route). */
export const listRouteSymptoms = get(
  '/route/symptoms',
  z.object({ route_id: id.optional(), language: languageField.optional() }),
  envelope({ symptoms: z.array(symptomRefSchema) }),
)

export const propertySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.string().nullable(),
  description: z.string().nullable(),
})
/** GET /v1/route/properties: the admin-editable settings (SPEC §2 "property editing"). */
export const listRouteProperties = get(
  '/route/properties',
  z.object({}),
  envelope({ properties: z.array(propertySchema) }),
)

export const symptomForm = z.object({
  id: id.optional(),
  language: languageField.optional(),
  slug: slugField.optional(),
  title: line(120).optional(),
  status: contentStatusField.optional(),
  seo_title: line(200).optional(),
  seo_description: line(320).optional(),
})
export type SymptomForm = z.output<typeof symptomForm>
export const saveSymptom = post('/symptom', symptomForm, envelope({ symptom: symptomSchema }), {
  message: 'content_manage.symptom_updated',
  createdMessage: 'content_manage.symptom_created',
})
export const deleteSymptom = del('/symptom', z.object({ id }), messageResponse, {
  message: 'content_manage.symptom_deleted',
})

export const contentManageCalls = [
  saveRoute,
  deleteRoute,
  assignSymptom,
  unassignSymptom,
  applyPrimarySymptom,
  listRouteCategories,
  saveRouteCategory,
  deleteRouteCategory,
  listRouteSymptoms,
  listRouteProperties,
  saveSymptom,
  deleteSymptom,
] as const
