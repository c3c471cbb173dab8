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
 * How the editors' forms of a route, a post and a plan begin: without `id` a save creates (and
 * needs language, slug and title), with `id` it updates only the fields sent.
 */
export const editorFormHead = {
  id: id.optional(),
  language: languageField.optional(),
  slug: slugField.optional(),
  title: line(200).optional(),
  description: paragraph(2000).optional(),
}

/**
 * The save and delete of an item an editor keeps (a route, symptom, post, plan, unit, property):
 * POST `path` creates it (without an id: 201, `words.created`) or updates it, and answers it
 * under `key`; DELETE `path` takes its id. Each kind keeps its own message keys.
 */
export function editCalls<P extends string, F extends z.ZodType, K extends string, R extends z.ZodType>(
  path: P,
  form: F,
  key: K,
  row: R,
  words: { updated: MessageKey; created: MessageKey; deleted: MessageKey },
) {
  return {
    save: post(path, form, envelope({ [key]: row } as Record<K, R>), {
      message: words.updated,
      createdMessage: words.created,
    }),
    remove: del(path, z.object({ id }), messageResponse, { message: words.deleted }),
  }
}

/**
 * POST /v1/route: without `id` creates (language, slug and title required), with `id` updates
 * the fields sent.
 */
export const routeForm = z.object({
  ...editorFormHead,
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

export const { save: saveRoute, remove: deleteRoute } = editCalls('/route', routeForm, 'route', routeSchema, {
  updated: 'content_manage.route_updated',
  created: 'content_manage.route_created',
  deleted: 'content_manage.route_deleted',
})

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
    ...editCalls(`${base}/category`, categoryForm, 'category', categorySchema, words),
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
export const { save: saveSymptom, remove: deleteSymptom } = editCalls(
  '/symptom',
  symptomForm,
  'symptom',
  symptomSchema,
  {
    updated: 'content_manage.symptom_updated',
    created: 'content_manage.symptom_created',
    deleted: 'content_manage.symptom_deleted',
  },
)

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
