import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { contentStats, likes, routeCategories, routes, routeSymptoms, symptoms, units, users } from '../../db/schema'
import { ContentStatus } from '#shared/enums'
import type { Locale } from '#shared/i18n/index'
import { contains, matchTerms, searchTerms } from './search'

export interface RouteQuery {
  language: Locale
  slug?: string
  search?: string
  diffuse?: boolean
  symptoms?: string[]
  tags?: string[]
  order: { column: string; dir: 'asc' | 'desc' }
  limit: number
  offset: number
}

const ROUTE_ORDER = {
  order: routes.order,
  created_at: routes.createdAt,
  title: routes.title,
  id: routes.id,
} as const

/** Only what visitors may see: visible, public and active (SPEC §4). */
const visibleRoute = (language: Locale) =>
  and(eq(routes.language, language), eq(routes.status, ContentStatus.visible), eq(routes.isPublic, true), eq(routes.isActive, true))

function routeWhere(q: RouteQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [visibleRoute(q.language)]
  if (q.slug) conds.push(eq(routes.slug, q.slug))
  if (q.tags?.length) conds.push(inArray(routes.tag, q.tags))
  if (q.symptoms?.length) {
    const ids = q.symptoms.filter((s) => /^\d+$/.test(s)).map(Number)
    const slugs = q.symptoms.filter((s) => !/^\d+$/.test(s))
    const idList = ids.length ? sql.join(ids.map((i) => sql`${i}`), sql`, `) : sql`NULL`
    const slugList = slugs.length ? sql.join(slugs.map((x) => sql`${x}`), sql`, `) : sql`NULL`
    conds.push(
      sql`${routes.id} IN (SELECT rs.route_id FROM route_symptoms rs JOIN symptoms s ON s.id = rs.symptom_id
        WHERE s.id IN (${idList}) OR s.slug IN (${slugList}))`,
    )
  }
  conds.push(
    matchTerms(searchTerms(q.search), !!q.diffuse, (term) =>
      sql`(${contains(routes.title, term)} OR ${contains(routes.description, term)} OR ${contains(routes.tag, term)}
        OR ${routes.id} IN (SELECT rs.route_id FROM route_symptoms rs JOIN symptoms s ON s.id = rs.symptom_id
          WHERE ${contains(sql.raw('s.title'), term)}))`,
    ),
  )
  return and(...conds)
}

export async function findRoutes(db: Db, q: RouteQuery) {
  const where = routeWhere(q)
  const col = ROUTE_ORDER[q.order.column as keyof typeof ROUTE_ORDER] ?? routes.order
  // Not db.batch: batched results come back as objects keyed by column name, and the joined
  // category's slug/title would overwrite the route's.
  const [rows, [total]] = await Promise.all([
    db
      .select({
        route: routes,
        category: { id: routeCategories.id, slug: routeCategories.slug, title: routeCategories.title },
      })
      .from(routes)
      .leftJoin(routeCategories, eq(routeCategories.id, routes.categoryId))
      .where(where)
      .orderBy(q.order.dir === 'desc' ? desc(col) : asc(col), asc(routes.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(routes).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** The parts of a page of routes that live in other tables, fetched in one round trip. */
export async function routeExtras(db: Db, ids: number[], userId: number | null) {
  if (!ids.length) return { symptomRows: [], unitRows: [], statRows: [], likeRows: [], authorRows: [] }
  const [symptomRows, unitRows, statRows, likeRows, authorRows] = await Promise.all([
    db
      .select({ routeId: routeSymptoms.routeId, id: symptoms.id, slug: symptoms.slug, title: symptoms.title, isPrimary: routeSymptoms.isPrimary })
      .from(routeSymptoms)
      .innerJoin(symptoms, eq(symptoms.id, routeSymptoms.symptomId))
      .where(inArray(routeSymptoms.routeId, ids))
      .orderBy(desc(routeSymptoms.isPrimary), asc(symptoms.title)),
    db
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
      .where(and(inArray(units.routeId, ids), eq(units.status, ContentStatus.visible)))
      .orderBy(asc(units.order), asc(units.id)),
    db
      .select({ id: contentStats.targetId, views: contentStats.views, likes: contentStats.likes })
      .from(contentStats)
      .where(and(eq(contentStats.targetType, 'route'), inArray(contentStats.targetId, ids))),
    db
      .select({ id: likes.targetId })
      .from(likes)
      .where(and(eq(likes.targetType, 'route'), inArray(likes.targetId, ids), eq(likes.userId, userId ?? -1))),
    db
      .select({ routeId: routes.id, id: users.id, name: users.name })
      .from(routes)
      .innerJoin(users, eq(users.id, routes.createdBy))
      .where(inArray(routes.id, ids)),
  ])
  return { symptomRows, unitRows, statRows, likeRows, authorRows }
}

export interface SymptomQuery {
  language: Locale
  search?: string
  diffuse?: boolean
  withRoutes: boolean
  limit: number
  offset: number
  order: { column: string; dir: 'asc' | 'desc' }
}

/** Visible routes per symptom, the count SPEC's symptom badges and `symptoms_with_routes` need. */
const routesPerSymptom = sql<number>`(SELECT count(*) FROM route_symptoms rs JOIN routes r ON r.id = rs.route_id
  WHERE rs.symptom_id = "symptoms"."id" AND r.status = 1 AND r.is_public = 1 AND r.is_active = 1)`

export async function findSymptoms(db: Db, q: SymptomQuery) {
  const where = and(
    eq(symptoms.language, q.language),
    eq(symptoms.status, ContentStatus.visible),
    q.withRoutes ? sql`${routesPerSymptom} > 0` : undefined,
    matchTerms(searchTerms(q.search), !!q.diffuse, (term) => sql`(${contains(symptoms.title, term)} OR ${contains(symptoms.slug, term)})`),
  )
  const col = q.order.column === 'id' ? symptoms.id : symptoms.title
  const [rows, [total]] = await Promise.all([
    db
      .select({ symptom: symptoms, routesCount: routesPerSymptom })
      .from(symptoms)
      .where(where)
      .orderBy(q.order.dir === 'desc' ? desc(col) : asc(col), asc(symptoms.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(symptoms).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function routesOfSymptoms(db: Db, symptomIds: number[]) {
  if (!symptomIds.length) return []
  return db
    .select({ symptomId: routeSymptoms.symptomId, id: routes.id, slug: routes.slug, title: routes.title })
    .from(routeSymptoms)
    .innerJoin(routes, eq(routes.id, routeSymptoms.routeId))
    .where(and(inArray(routeSymptoms.symptomId, symptomIds), eq(routes.status, ContentStatus.visible), eq(routes.isPublic, true), eq(routes.isActive, true)))
    .orderBy(asc(routes.order))
}
