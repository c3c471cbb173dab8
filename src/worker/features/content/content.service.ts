// Routes and symptoms as the contract shows them (SPEC §3 Route, Symptom).
import { personal } from '#worker/http/person-cache'
import { servedImages } from '#shared/media'
import type { RouteDto, RoutesQuery, SymptomDto, SymptomsQuery } from '#shared/contract/content'
import { pagination } from '#shared/contract/list'
import type { Ctx } from '#worker/context'
import type { Route } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import { sharedAnswer } from '#worker/http/public-cache'
import {
  findRoutes,
  findRouteBySlug,
  likedRouteBySlug,
  findSymptoms,
  routesOfSymptoms,
  symptomsOfRoutes,
  unitsOfRoutes,
  type RouteRow,
} from './content.repo'

type SymptomRow = Awaited<ReturnType<typeof symptomsOfRoutes>>[number]
type UnitRow = Awaited<ReturnType<typeof unitsOfRoutes>>[number]

/** The columns of a route as the contract shows them; the optional parts are added by the caller. */
export function routeFields(
  route: Route,
  category: RouteDto['category'],
  symptoms: RouteDto['symptoms'],
  unitsCount: number,
): RouteDto {
  return {
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
    category,
    symptoms,
    units_count: unitsCount,
  }
}

function toRouteDto(
  row: RouteRow,
  q: Pick<RoutesQuery, 'properties' | 'relations' | 'counts'>,
  symptomRows: SymptomRow[],
  unitRows: UnitRow[] | null,
  signedIn: boolean,
): RouteDto {
  const { route, category } = row
  const dto = routeFields(
    route,
    category?.id ? { id: category.id, slug: category.slug!, title: category.title! } : null,
    symptomRows
      .filter((s) => s.routeId === route.id)
      .map((s) => ({ id: s.id, slug: s.slug, title: s.title, is_primary: s.isPrimary })),
    Number(row.unitsCount),
  )
  if (unitRows) {
    dto.units = unitRows
      .filter((u) => u.routeId === route.id)
      .map((u) => ({
        id: u.id,
        order: u.order,
        title: u.title,
        description: u.description,
        kind: u.kind,
        duration_seconds: u.durationSeconds,
      }))
  }
  if (q.properties.includes('images')) dto.images = servedImages(route.images)
  if (q.properties.includes('stats')) dto.stats = { views: row.views ?? 0, likes: row.likes ?? 0 }
  if (signedIn) dto.liked_by_me = !!Number(row.likedByMe)
  if (q.relations.includes('createdBy') || q.counts.includes('createdBy'))
    dto.createdBy = row.authorId ? { id: row.authorId, name: row.authorName } : null
  return dto
}

/** GET /v1/routes: a page of visible routes with what the caller asked to include. */
/** GET /v1/routes for anyone; a visitor's answer is shared (http/public-cache.ts). */
export function listRoutes(ctx: Ctx, q: RoutesQuery, only: { likedBy?: number } = {}) {
  if (ctx.user || only.likedBy !== undefined) return loadRoutes(ctx, q, only)
  return sharedAnswer(ctx.env, ctx.waitUntil, 'routes', [ctx.locale, q], () => loadRoutes(ctx, q, only))
}

async function loadRoutes(ctx: Ctx, q: RoutesQuery, only: { likedBy?: number }) {
  const userId = ctx.user?.id ?? null
  const { rows, total } = await findRoutes(
    ctx.db,
    { ...q.filters, language: q.filters.language ?? ctx.locale, ...only },
    q,
    userId,
  )
  const ids = rows.map((r) => r.route.id)
  const [symptomRows, unitRows] = await Promise.all([
    symptomsOfRoutes(ctx.db, ids),
    q.relations.includes('units') ? unitsOfRoutes(ctx.db, ids) : null,
  ])
  return {
    routes: rows.map((r) => toRouteDto(r, q, symptomRows, unitRows, userId !== null)),
    pagination: pagination(q, total, rows.length),
  }
}

/**
 * One route by slug with its units, images, stats and author: the route page (at most 3
 * statements: the route, then its symptoms and units together).
 */
/**
 * The route page's route. Everyone shares one answer (the versioned public cache); a signed-in
 * person's own part, whether they like it and so the likes now, is read beside it (issue 21 §3):
 * the views may be as old as a visitor's (a minute at most), their like is always their last.
 */
export async function getRoute(ctx: Ctx, slug: string): Promise<RouteDto> {
  const shared = () =>
    sharedAnswer(ctx.env, ctx.waitUntil, 'route', [ctx.locale, slug], () => loadRoute({ ...ctx, user: null }, slug))
  if (!ctx.user) return shared()
  // The person's like (and the count read with it, which others' likes move: up to the person
  // cache's 30 s old, like the visitors' minute-old copy) kept between their requests.
  const [route, mine] = await Promise.all([
    shared(),
    personal(ctx, 'route-like', [ctx.locale, slug], () => likedRouteBySlug(ctx.db, ctx.locale, slug, ctx.user!.id)),
  ])
  return { ...route, liked_by_me: mine.liked, ...(route.stats ? { stats: { ...route.stats, likes: mine.likes } } : {}) }
}

async function loadRoute(ctx: Ctx, slug: string): Promise<RouteDto> {
  const userId = ctx.user?.id ?? null
  const row = await findRouteBySlug(ctx.db, ctx.locale, slug, userId)
  if (!row) throw new AppError('not_found', { message: 'errors.route_not_found' })
  const [symptomRows, unitRows] = await Promise.all([
    symptomsOfRoutes(ctx.db, [row.route.id]),
    unitsOfRoutes(ctx.db, [row.route.id]),
  ])
  return toRouteDto(
    row,
    { properties: ['images', 'stats'], relations: ['createdBy'], counts: [] },
    symptomRows,
    unitRows,
    userId !== null,
  )
}

/** GET /v1/symptoms: the badges of the routes search (SPEC §2), 3 per page by default. */
export function listSymptoms(ctx: Ctx, q: SymptomsQuery) {
  // Nothing in it depends on who asks: signed-in people share the visitors' answer (issue 21 §3).
  return sharedAnswer(ctx.env, ctx.waitUntil, 'symptoms', [ctx.locale, q], () => loadSymptoms(ctx, q))
}

async function loadSymptoms(ctx: Ctx, q: SymptomsQuery) {
  const { rows, total } = await findSymptoms(ctx.db, { ...q.filters, language: q.filters.language ?? ctx.locale }, q)
  const includeRoutes = !!q.filters.symptoms_with_routes || q.relations.includes('routes')
  const related = includeRoutes
    ? await routesOfSymptoms(
        ctx.db,
        rows.map((r) => r.symptom.id),
      )
    : []
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
    if (includeRoutes)
      dto.routes = related.filter((r) => r.symptomId === s.id).map(({ id, slug, title }) => ({ id, slug, title }))
    return dto
  })
  return { symptoms: out, pagination: pagination(q, total, rows.length) }
}
