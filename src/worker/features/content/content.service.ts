import type { RouteDto, SymptomDto } from '#shared/contract/content'
import type { Locale } from '#shared/i18n/index'
import type { Db } from '../../db/client'
import { offsetOf, pagination } from '../../http/list'
import { findRoutes, findSymptoms, routeExtras, routesOfSymptoms, type RouteQuery } from './content.repo'

export interface ListRoutesInput {
  page: number
  perPage: number
  language: Locale
  filters: Omit<RouteQuery, 'language' | 'order' | 'limit' | 'offset'>
  order: RouteQuery['order']
  properties: string[]
  relations: string[]
  userId: number | null
}

/** GET /v1/routes: a page of visible routes with what the caller asked to include. */
export async function listRoutes(db: Db, input: ListRoutesInput) {
  const { rows, total } = await findRoutes(db, {
    ...input.filters,
    language: input.language,
    order: input.order,
    limit: input.perPage,
    offset: offsetOf(input.page, input.perPage),
  })
  const ids = rows.map((r) => r.route.id)
  const ex = await routeExtras(db, ids, input.userId)
  const withUnits = input.relations.includes('units')
  const routesOut: RouteDto[] = rows.map(({ route, category }) => {
    const unitsOf = ex.unitRows.filter((u) => u.routeId === route.id)
    const stat = ex.statRows.find((s) => s.id === route.id)
    const author = ex.authorRows.find((a) => a.routeId === route.id)
    const dto: RouteDto = {
      id: route.id,
      slug: route.slug,
      title: route.title,
      description: route.description,
      language: route.language,
      status: route.status,
      is_public: route.isPublic,
      is_active: route.isActive,
      seo_title: route.seoTitle,
      seo_description: route.seoDescription,
      tag: route.tag,
      order: route.order,
      needs_appointment: route.needsAppointment,
      category: category?.id ? { id: category.id, slug: category.slug!, title: category.title! } : null,
      symptoms: ex.symptomRows.filter((s) => s.routeId === route.id).map((s) => ({ id: s.id, slug: s.slug, title: s.title, is_primary: s.isPrimary })),
      units_count: unitsOf.length,
    }
    if (withUnits) {
      dto.units = unitsOf.map((u) => ({ id: u.id, order: u.order, title: u.title, description: u.description, kind: u.kind, duration_seconds: u.durationSeconds }))
    }
    if (input.properties.includes('images')) dto.images = route.images ?? null
    if (input.properties.includes('stats')) dto.stats = { views: stat?.views ?? 0, likes: stat?.likes ?? 0 }
    if (input.userId !== null) dto.liked_by_me = ex.likeRows.some((l) => l.id === route.id)
    if (input.relations.includes('createdBy')) dto.createdBy = author ? { id: author.id, name: author.name } : null
    return dto
  })
  return { routes: routesOut, pagination: pagination(input.page, input.perPage, total, rows.length) }
}

export interface ListSymptomsInput {
  page: number
  perPage: number
  language: Locale
  search?: string
  diffuse?: boolean
  withRoutes: boolean
  includeRoutes: boolean
  order: { column: string; dir: 'asc' | 'desc' }
}

/** GET /v1/symptoms: the badges of the routes search (SPEC §2), 3 per page by default. */
export async function listSymptoms(db: Db, input: ListSymptomsInput) {
  const { rows, total } = await findSymptoms(db, {
    language: input.language,
    search: input.search,
    diffuse: input.diffuse,
    withRoutes: input.withRoutes,
    order: input.order,
    limit: input.perPage,
    offset: offsetOf(input.page, input.perPage),
  })
  const related = input.includeRoutes ? await routesOfSymptoms(db, rows.map((r) => r.symptom.id)) : []
  const out: SymptomDto[] = rows.map(({ symptom: s, routesCount }) => {
    const dto: SymptomDto = {
      id: s.id,
      slug: s.slug,
      title: s.title,
      name: s.title,
      language: s.language,
      status: s.status,
      seo_title: s.seoTitle,
      seo_description: s.seoDescription,
      routes_count: Number(routesCount),
    }
    if (input.includeRoutes) dto.routes = related.filter((r) => r.symptomId === s.id).map(({ id, slug, title }) => ({ id, slug, title }))
    return dto
  })
  return { symptoms: out, pagination: pagination(input.page, input.perPage, total, rows.length) }
}
