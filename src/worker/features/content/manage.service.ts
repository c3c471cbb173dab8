// The content editors' rules (SPEC §6: admins, and publishers for content; §5: a symptom cannot
// be assigned twice to the same route). Slugs are unique per language (editing.ts).
import type { RouteDto, SymptomDto } from '#shared/contract/content'
import type { RouteForm, SymptomForm } from '#shared/contract/content.manage'
import type { MessageKey } from '#shared/i18n/index'
import type { Ctx } from '#worker/context'
import type { NewRoute, Route } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import { tellWaitingSuggestions } from '#worker/features/forms/forms.service'
import { forgetTarget } from './likes.repo'
import * as repo from './manage.repo'
import { routeFields } from './content.service'
import { absentOf, categoryEditing, required, uniqueSlug } from '#worker/lib/editing'
import { patchOf } from '#worker/db/patch'

function missing(what: 'route' | 'symptom' | 'category'): AppError {
  const message: MessageKey =
    what === 'route'
      ? 'content_manage.route_missing'
      : what === 'symptom'
        ? 'content_manage.symptom_missing'
        : 'content_manage.category_missing'
  return new AppError('not_found', { message })
}

async function routeDto(ctx: Ctx, route: Route): Promise<RouteDto> {
  const [symptomRows, category, unitsCount] = await Promise.all([
    repo.symptomRefs(ctx.db, { routeId: route.id, language: route.language }),
    route.categoryId ? repo.routeCategoryRows.find(ctx.db, route.categoryId) : undefined,
    repo.visibleUnitsCount(ctx.db, route.id),
  ])
  return {
    ...routeFields(
      route,
      category ? { id: category.id, slug: category.slug, title: category.title } : null,
      symptomRows,
      unitsCount,
    ),
    images: route.images ?? null,
    createdBy: route.createdBy ? { id: route.createdBy, name: null } : null,
  }
}

/** A saved route's answer. Visible now, it may be the route a waiting suggestion asked for (issue 8 §3). */
async function saved(ctx: Ctx, row: Route, created: boolean) {
  await tellWaitingSuggestions(ctx, row)
  return { route: await routeDto(ctx, row), created }
}

/** POST /v1/route: create (language, slug, title required) or update the fields sent. */
export async function saveRoute(ctx: Ctx, f: RouteForm): Promise<{ route: RouteDto; created: boolean }> {
  const patch: Partial<NewRoute> = patchOf(f, [
    'language',
    'slug',
    'title',
    'description',
    'status',
    'is_public',
    'is_active',
    'seo_title',
    'seo_description',
    'tag',
    'order',
    'needs_appointment',
  ])
  if (f.category_id !== undefined) {
    if (f.category_id !== null && !(await repo.routeCategoryRows.find(ctx.db, f.category_id))) throw missing('category')
    patch.categoryId = f.category_id
  }
  if (f.id === undefined) {
    const absent = absentOf(f, ['language', 'slug', 'title'] as const)
    if (absent.length) throw required(absent)
    const images =
      f.image_cover || f.image_square
        ? { ...(f.image_cover ? { cover: f.image_cover } : {}), ...(f.image_square ? { square: f.image_square } : {}) }
        : null
    const row = await uniqueSlug(() =>
      repo.insertRoute(ctx.db, { ...patch, images, createdBy: ctx.user?.id ?? null } as NewRoute),
    )
    return saved(ctx, row, true)
  }
  const current = await repo.findRouteById(ctx.db, f.id)
  if (!current) throw missing('route')
  if (f.image_cover !== undefined || f.image_square !== undefined) {
    const images = { ...current.images }
    if (f.image_cover === null) delete images.cover
    else if (f.image_cover !== undefined) images.cover = f.image_cover
    if (f.image_square === null) delete images.square
    else if (f.image_square !== undefined) images.square = f.image_square
    patch.images = images
  }
  const row = Object.keys(patch).length
    ? await uniqueSlug(() => repo.updateRoute(ctx.db, f.id!, { ...patch, updatedAt: new Date() }))
    : current
  if (!row) throw missing('route')
  return saved(ctx, row, false)
}

/** DELETE /v1/route: the route, its units and symptom links (cascade), its likes and stats. */
export async function deleteRoute(ctx: Ctx, id: number) {
  if (!(await repo.deleteRouteRow(ctx.db, id))) throw missing('route')
  await forgetTarget(ctx.db, 'route', id)
}

async function routeAndSymptom(ctx: Ctx, routeId: number, symptomId: number) {
  const [route, symptom] = await Promise.all([
    repo.findRouteById(ctx.db, routeId),
    repo.findSymptomById(ctx.db, symptomId),
  ])
  if (!route) throw missing('route')
  if (!symptom) throw missing('symptom')
  return { route, symptom }
}

const symptomsOf = (ctx: Ctx, route: Route) => repo.symptomRefs(ctx.db, { routeId: route.id, language: route.language })

/** POST /v1/route/symptom/assign: once per route (409 'El síntoma ya está asignado a la ruta.'). */
export async function assignSymptom(ctx: Ctx, routeId: number, symptomId: number) {
  const { route, symptom } = await routeAndSymptom(ctx, routeId, symptomId)
  if (route.language !== symptom.language)
    throw new AppError('validation', { fields: { symptom_id: ['content_manage.language_mismatch'] } })
  if (!(await repo.assignSymptomRow(ctx.db, routeId, symptomId)))
    throw new AppError('conflict', { message: 'content_manage.symptom_already_assigned' })
  return symptomsOf(ctx, route)
}

/** DELETE /v1/route/symptom/unassign. */
export async function unassignSymptom(ctx: Ctx, routeId: number, symptomId: number) {
  const { route } = await routeAndSymptom(ctx, routeId, symptomId)
  if (!(await repo.unassignSymptomRow(ctx.db, routeId, symptomId)))
    throw new AppError('not_found', { message: 'content_manage.symptom_not_assigned' })
  return symptomsOf(ctx, route)
}

/** POST /v1/route/symptom/apply/primary: one primary symptom per route, among those assigned. */
export async function applyPrimary(ctx: Ctx, routeId: number, symptomId: number) {
  const { route } = await routeAndSymptom(ctx, routeId, symptomId)
  if (!(await repo.setPrimarySymptom(ctx.db, routeId, symptomId)))
    throw new AppError('not_found', { message: 'content_manage.symptom_not_assigned' })
  return symptomsOf(ctx, route)
}

/** GET /v1/route/symptoms. */
export function routeSymptoms(ctx: Ctx, q: { route_id?: number; language?: 'es' | 'en' }) {
  return repo.symptomRefs(ctx.db, { routeId: q.route_id, language: q.language ?? ctx.locale })
}

const categories = categoryEditing(repo.routeCategoryRows, () => missing('category'))
/** GET /v1/route/category. */
export const listCategories = categories.list
/** POST /v1/route/category. */
export const saveCategory = categories.save
/** DELETE /v1/route/category: its routes keep existing, without a category. */
export const deleteCategory = categories.remove

export const listProperties = (ctx: Ctx) => repo.allProperties(ctx.db)

/** POST /v1/symptom: create (language, slug, title) or update. */
export async function saveSymptom(ctx: Ctx, f: SymptomForm): Promise<{ symptom: SymptomDto; created: boolean }> {
  const patch: Record<string, unknown> = patchOf(f, [
    'language',
    'slug',
    'title',
    'status',
    'seo_title',
    'seo_description',
  ])
  let row
  if (f.id === undefined) {
    const absent = absentOf(f, ['language', 'slug', 'title'] as const)
    if (absent.length) throw required(absent)
    row = await uniqueSlug(() =>
      repo.insertSymptom(ctx.db, patch as typeof patch & { language: 'es' | 'en'; slug: string; title: string }),
    )
  } else {
    row = Object.keys(patch).length
      ? await uniqueSlug(() => repo.updateSymptom(ctx.db, f.id!, { ...patch, updatedAt: new Date() }))
      : await repo.findSymptomById(ctx.db, f.id)
    if (!row) throw missing('symptom')
  }
  const symptom: SymptomDto = {
    id: row.id,
    slug: row.slug,
    title: row.title,
    name: row.title,
    language: row.language,
    status: row.status,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    routes_count: await repo.routesCountOfSymptom(ctx.db, row.id),
  }
  return { symptom, created: f.id === undefined }
}

/** DELETE /v1/symptom: its links to routes go with it (cascade). */
export async function deleteSymptom(ctx: Ctx, id: number) {
  if (!(await repo.deleteSymptomRow(ctx.db, id))) throw missing('symptom')
}

/** A route by id, whatever its status (the admin's unit editor tells those waiting for it once it is published). */
export const findRoute = (ctx: Ctx, id: number) => repo.findRouteById(ctx.db, id)
