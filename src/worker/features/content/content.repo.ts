// Every query of routes, units and symptoms (CONVENTIONS 3: SQL lives only in *.repo.ts).
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { ContentStatus } from '#shared/enums'
import type { RoutesQuery, SymptomsQuery } from '#shared/contract/content'
import type { Locale } from '#shared/i18n/index'
import type { Db } from '#worker/db/client'
import { withTotal } from '#worker/db/page'
import { visibleRoute } from '#worker/db/visible'
import { contentStats, routeCategories, routes, routeSymptoms, symptoms, units, users } from '#worker/db/schema'
import { matchesSearch, searchRelevance, textSearch, withRelevance } from '#worker/search/search.repo'

const ROUTE_ORDER = {
  order: routes.order,
  created_at: routes.createdAt,
  title: routes.title,
  id: routes.id,
} as const

/** Only what visitors may see (SPEC §4), of one language. */
const visibleIn = (language: Locale) => and(eq(routes.language, language), visibleRoute)

type RouteFilters = RoutesQuery['filters'] & {
  language: Locale
  /** Only routes this user liked (GET /v1/routes/liked_by_me). */ likedBy?: number
}

function routeWhere(f: RouteFilters): SQL | undefined {
  const conds: (SQL | undefined)[] = [visibleIn(f.language)]
  if (f.slug) conds.push(eq(routes.slug, f.slug))
  if (f.likedBy !== undefined)
    conds.push(
      sql`${routes.id} IN (SELECT l.target_id FROM likes l WHERE l.target_type = 'route' AND l.user_id = ${f.likedBy})`,
    )
  if (f.tags?.length) conds.push(inArray(routes.tag, f.tags))
  if (f.symptoms?.length) {
    const ids = f.symptoms.filter((s) => /^\d+$/.test(s)).map(Number)
    const slugs = f.symptoms.filter((s) => !/^\d+$/.test(s))
    const idList = ids.length
      ? sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )
      : sql`NULL`
    const slugList = slugs.length
      ? sql.join(
          slugs.map((x) => sql`${x}`),
          sql`, `,
        )
      : sql`NULL`
    conds.push(
      sql`${routes.id} IN (SELECT rs.route_id FROM route_symptoms rs JOIN symptoms s ON s.id = rs.symptom_id
        WHERE s.id IN (${idList}) OR s.slug IN (${slugList}))`,
    )
  }
  const search = textSearch('routes', f.search, f.diffuse)
  if (search) conds.push(matchesSearch(search, routes.id))
  return and(...conds)
}

/** Visible units of a route, counted in the same statement as the route (no unit rows loaded). */
const unitsCount = sql<number>`(SELECT count(*) FROM units u WHERE u.route_id = "routes"."id" AND u.status = ${ContentStatus.visible})`

/**
 * The route columns with their category, stats, author and the caller's like, in one select:
 * the parts that are one row per route are joined rather than fetched apart.
 */
function routeSelect(db: Db, userId: number | null) {
  return db
    .select({
      route: routes,
      category: { id: routeCategories.id, slug: routeCategories.slug, title: routeCategories.title },
      views: contentStats.views,
      likes: contentStats.likes,
      authorId: users.id,
      authorName: users.name,
      unitsCount,
      likedByMe:
        userId === null
          ? sql<number>`0`
          : sql<number>`EXISTS (SELECT 1 FROM likes l WHERE l.target_type = 'route' AND l.target_id = "routes"."id" AND l.user_id = ${userId})`,
    })
    .from(routes)
    .leftJoin(routeCategories, eq(routeCategories.id, routes.categoryId))
    .leftJoin(contentStats, and(eq(contentStats.targetType, 'route'), eq(contentStats.targetId, routes.id)))
    .leftJoin(users, eq(users.id, routes.createdBy))
}

export type RouteRow = Awaited<ReturnType<ReturnType<typeof routeSelect>['all']>>[number]

/** One page of visible routes and how many match (2 statements). */
export async function findRoutes(
  db: Db,
  filters: RouteFilters,
  q: Pick<RoutesQuery, 'order' | 'perPage' | 'offset'>,
  userId: number | null,
) {
  const where = routeWhere(filters)
  const col = ROUTE_ORDER[q.order.column as keyof typeof ROUTE_ORDER] ?? routes.order
  // A search in the default order (`order` asc) lists the most relevant routes first.
  const search = textSearch('routes', filters.search, filters.diffuse)
  const ranked =
    search && q.order.column === 'order' && q.order.dir === 'asc' ? searchRelevance(search, routes.id) : undefined
  // Not db.batch: batched results come back as objects keyed by column name, and the joined
  // tables' slug/title/id would overwrite the route's.
  return withTotal(
    withRelevance(routeSelect(db, userId).$dynamic(), ranked)
      .where(where)
      .orderBy(...(ranked ? [asc(ranked.rank)] : []), q.order.dir === 'desc' ? desc(col) : asc(col), asc(routes.id))
      .limit(q.perPage)
      .offset(q.offset),
    db.select({ n: count() }).from(routes).where(where),
  )
}

/** One visible route by slug (1 statement). */
/**
 * Whether `userId` likes the visible route `slug`, and its likes now: the personal part of a route
 * page (a person who just liked sees their like counted, whatever the shared copy says).
 */
export async function likedRouteBySlug(
  db: Db,
  language: Locale,
  slug: string,
  userId: number,
): Promise<{ liked: boolean; likes: number }> {
  const row = await db
    .select({
      liked: sql<number>`EXISTS (SELECT 1 FROM likes l WHERE l.target_type = 'route' AND l.target_id = "routes"."id" AND l.user_id = ${userId})`,
      likes: contentStats.likes,
    })
    .from(routes)
    .leftJoin(contentStats, and(eq(contentStats.targetType, 'route'), eq(contentStats.targetId, routes.id)))
    .where(and(visibleIn(language), eq(routes.slug, slug)))
    .get()
  return { liked: !!Number(row?.liked ?? 0), likes: Number(row?.likes ?? 0) }
}

export async function findRouteBySlug(
  db: Db,
  language: Locale,
  slug: string,
  userId: number | null,
): Promise<RouteRow | undefined> {
  return routeSelect(db, userId)
    .where(and(visibleIn(language), eq(routes.slug, slug)))
    .get()
}

/** The symptoms of some routes, the primary one first. */
export function symptomsOfRoutes(db: Db, routeIds: number[]) {
  if (!routeIds.length) return Promise.resolve([])
  return db
    .select({
      routeId: routeSymptoms.routeId,
      id: symptoms.id,
      slug: symptoms.slug,
      title: symptoms.title,
      isPrimary: routeSymptoms.isPrimary,
    })
    .from(routeSymptoms)
    .innerJoin(symptoms, eq(symptoms.id, routeSymptoms.symptomId))
    .where(inArray(routeSymptoms.routeId, routeIds))
    .orderBy(desc(routeSymptoms.isPrimary), asc(symptoms.title))
}

/** The visible units of some routes, in order. */
export function unitsOfRoutes(db: Db, routeIds: number[]) {
  if (!routeIds.length) return Promise.resolve([])
  return db
    .select({
      routeId: units.routeId,
      id: units.id,
      order: units.order,
      title: units.title,
      description: units.description,
      kind: units.kind,
      durationSeconds: units.durationSeconds,
    })
    .from(units)
    .where(and(inArray(units.routeId, routeIds), eq(units.status, ContentStatus.visible)))
    .orderBy(asc(units.order), asc(units.id))
}

/** Visible routes per symptom, the count SPEC's symptom badges and `symptoms_with_routes` need. */
const routesPerSymptom = sql<number>`(SELECT count(*) FROM route_symptoms rs JOIN routes r ON r.id = rs.route_id
  WHERE rs.symptom_id = "symptoms"."id" AND r.status = 1 AND r.is_public = 1 AND r.is_active = 1)`

type SymptomFilters = SymptomsQuery['filters'] & { language: Locale }

export async function findSymptoms(db: Db, f: SymptomFilters, q: Pick<SymptomsQuery, 'order' | 'perPage' | 'offset'>) {
  const search = textSearch('symptoms', f.search, f.diffuse)
  const where = and(
    eq(symptoms.language, f.language),
    eq(symptoms.status, ContentStatus.visible),
    f.symptoms_with_routes ? sql`${routesPerSymptom} > 0` : undefined,
    search && matchesSearch(search, symptoms.id),
  )
  const col = q.order.column === 'id' ? symptoms.id : symptoms.title
  // A search in the default order (`title` asc) lists the best matching names first.
  const ranked =
    search && q.order.column === 'title' && q.order.dir === 'asc' ? searchRelevance(search, symptoms.id) : undefined
  return withTotal(
    withRelevance(db.select({ symptom: symptoms, routesCount: routesPerSymptom }).from(symptoms).$dynamic(), ranked)
      .where(where)
      .orderBy(...(ranked ? [asc(ranked.rank)] : []), q.order.dir === 'desc' ? desc(col) : asc(col), asc(symptoms.id))
      .limit(q.perPage)
      .offset(q.offset),
    db.select({ n: count() }).from(symptoms).where(where),
  )
}

export async function routesOfSymptoms(db: Db, symptomIds: number[]) {
  if (!symptomIds.length) return []
  return db
    .select({ symptomId: routeSymptoms.symptomId, id: routes.id, slug: routes.slug, title: routes.title })
    .from(routeSymptoms)
    .innerJoin(routes, eq(routes.id, routeSymptoms.routeId))
    .where(and(inArray(routeSymptoms.symptomId, symptomIds), visibleRoute))
    .orderBy(asc(routes.order))
}

/**
 * The languages a visible route with this slug exists in (1 statement). Slugs are unique per
 * language, and nothing else links a route to its translation: a translation that shares the
 * slug is the other language's version (docs/API.md "Findable (SEO)").
 */
export async function routeLanguages(db: Db, slug: string): Promise<Locale[]> {
  const rows = await db
    .select({ language: routes.language })
    .from(routes)
    .where(and(eq(routes.slug, slug), visibleRoute))
  return rows.map((r) => r.language)
}
