// Writes of the content editors: routes, their symptoms and categories, symptoms (CONVENTIONS 3).
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { byId, categoryRows, pairRows } from '#worker/db/by-id'
import { properties, routeCategories, routes, routeSymptoms, symptoms, units } from '#worker/db/schema'
import type { Locale } from '#shared/i18n/index'

export const { find: findRouteById, insert: insertRoute, update: updateRoute, remove: deleteRouteRow } = byId(routes)
export const {
  find: findSymptomById,
  insert: insertSymptom,
  update: updateSymptom,
  remove: deleteSymptomRow,
} = byId(symptoms)

/** Routes using a symptom (for the symptom's routes_count after a save). */
export async function routesCountOfSymptom(db: Db, id: number) {
  const [row] = await db.select({ n: count() }).from(routeSymptoms).where(eq(routeSymptoms.symptomId, id))
  return row?.n ?? 0
}

const symptomLinks = pairRows(routeSymptoms, routeSymptoms.routeId, routeSymptoms.symptomId)
/** Assign once: false when the pair exists already (the unique index decides, under any concurrency). */
export const assignSymptomRow = (db: Db, routeId: number, symptomId: number) =>
  symptomLinks.add(db, { routeId, symptomId })
export const unassignSymptomRow = symptomLinks.remove

/** Make one assigned symptom the primary: the old primary is cleared first, in one batch (a transaction). */
export async function setPrimarySymptom(db: Db, routeId: number, symptomId: number) {
  const [, set] = await db.batch([
    db
      .update(routeSymptoms)
      .set({ isPrimary: false })
      .where(and(eq(routeSymptoms.routeId, routeId), eq(routeSymptoms.isPrimary, true))),
    db
      .update(routeSymptoms)
      .set({ isPrimary: true })
      .where(and(eq(routeSymptoms.routeId, routeId), eq(routeSymptoms.symptomId, symptomId)))
      .returning({ id: routeSymptoms.id }),
  ])
  return set.length > 0
}

/** Symptoms of a route (primary first), or every symptom of a language for the picker. */
export function symptomRefs(db: Db, opts: { routeId?: number; language: Locale }) {
  if (opts.routeId !== undefined) {
    return db
      .select({ id: symptoms.id, slug: symptoms.slug, title: symptoms.title, is_primary: routeSymptoms.isPrimary })
      .from(routeSymptoms)
      .innerJoin(symptoms, eq(symptoms.id, routeSymptoms.symptomId))
      .where(eq(routeSymptoms.routeId, opts.routeId))
      .orderBy(sql`${routeSymptoms.isPrimary} DESC`, asc(symptoms.title))
      .all()
  }
  return db
    .select({ id: symptoms.id, slug: symptoms.slug, title: symptoms.title })
    .from(symptoms)
    .where(eq(symptoms.language, opts.language))
    .orderBy(asc(symptoms.title))
    .all()
}

/** Route categories: by id, and a language's page (GET /v1/route/category). */
export const routeCategoryRows = categoryRows(routeCategories)

export const allProperties = (db: Db) =>
  db
    .select({ id: properties.id, key: properties.key, value: properties.value, description: properties.description })
    .from(properties)
    .orderBy(asc(properties.key))
    .all()

/** Visible units of a route (the editor's answer shows the same count as the lists). */
export async function visibleUnitsCount(db: Db, routeId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(units)
    .where(and(eq(units.routeId, routeId), eq(units.status, 1)))
  return row?.n ?? 0
}
