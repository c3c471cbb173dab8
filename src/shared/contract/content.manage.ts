// Editing routes, their symptoms and categories, and symptoms (SPEC §7 "POST /route, DELETE
// /route", "/route/symptom/*", "/route/category", "POST /symptom; DELETE /symptom"; §6: admins,
// and publishers for content). Reading lists for the editors: /route/properties, /route/categories,
// /route/symptoms. docs/API.md "Editing content" has the rules.
import { z } from './zod'
import { PAGE_SIZE } from '#shared/limits'
import { defineCall } from './call'
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
import { listSchema, paginationSchema } from './list'
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

export const saveRoute = defineCall({
  method: 'POST',
  path: '/route',
  message: 'content_manage.route_updated',
  createdMessage: 'content_manage.route_created',
  request: routeForm,
  response: envelope({ route: routeSchema }),
})
export const deleteRoute = defineCall({
  method: 'DELETE',
  path: '/route',
  message: 'content_manage.route_deleted',
  request: z.object({ id }),
  response: messageResponse,
})

const routeSymptom = z.object({ route_id: id, symptom_id: id })
export const assignSymptom = defineCall({
  method: 'POST',
  path: '/route/symptom/assign',
  message: 'content_manage.symptom_assigned',
  request: routeSymptom,
  response: envelope({ symptoms: z.array(symptomRefSchema) }),
})
export const unassignSymptom = defineCall({
  method: 'DELETE',
  path: '/route/symptom/unassign',
  message: 'content_manage.symptom_unassigned',
  request: routeSymptom,
  response: envelope({ symptoms: z.array(symptomRefSchema) }),
})
export const applyPrimarySymptom = defineCall({
  method: 'POST',
  path: '/route/symptom/apply/primary',
  message: 'content_manage.primary_set',
  request: routeSymptom,
  response: envelope({ symptoms: z.array(symptomRefSchema) }),
})

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

export const listRouteCategories = defineCall({
  method: 'GET',
  path: '/route/categories',
  request: categoriesQuery,
  response: envelope({ categories: z.array(categorySchema), pagination: paginationSchema }),
})
export const saveRouteCategory = defineCall({
  method: 'POST',
  path: '/route/category',
  message: 'content_manage.category_updated',
  createdMessage: 'content_manage.category_created',
  request: categoryForm,
  response: envelope({ category: categorySchema }),
})
export const deleteRouteCategory = defineCall({
  method: 'DELETE',
  path: '/route/category',
  message: 'content_manage.category_deleted',
  request: z.object({ id }),
  response: messageResponse,
})

/** GET /v1/route/symptoms: every symptom of a language, for the editor's picker (or those of one route). */
export const listRouteSymptoms = defineCall({
  method: 'GET',
  path: '/route/symptoms',
  request: z.object({ route_id: id.optional(), language: languageField.optional() }),
  response: envelope({ symptoms: z.array(symptomRefSchema) }),
})

export const propertySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.string().nullable(),
  description: z.string().nullable(),
})
/** GET /v1/route/properties: the admin-editable settings (SPEC §2 "property editing"). */
export const listRouteProperties = defineCall({
  method: 'GET',
  path: '/route/properties',
  request: z.object({}),
  response: envelope({ properties: z.array(propertySchema) }),
})

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
export const saveSymptom = defineCall({
  method: 'POST',
  path: '/symptom',
  message: 'content_manage.symptom_updated',
  createdMessage: 'content_manage.symptom_created',
  request: symptomForm,
  response: envelope({ symptom: symptomSchema }),
})
export const deleteSymptom = defineCall({
  method: 'DELETE',
  path: '/symptom',
  message: 'content_manage.symptom_deleted',
  request: z.object({ id }),
  response: messageResponse,
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
