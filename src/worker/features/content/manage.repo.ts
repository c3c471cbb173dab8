// Writes of the content editors: routes, their symptoms and categories, symptoms (CONVENTIONS 3).
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { tablePage } from '#worker/db/page'
import {
  properties,
  routeCategories,
  routes,
  routeSymptoms,
  symptoms,
  units,
  type NewRoute,
  type Route,
  type RouteCategory,
  type Symptom,
} from '#worker/db/schema'
import type { Locale } from '#shared/i18n/index'

export const findRouteById = (db: Db, id: number): Promise<Route | undefined> =>
  db.select().from(routes).where(eq(routes.id, id)).get()
export const insertRoute = (db: Db, values: NewRoute) => db.insert(routes).values(values).returning().get()
export const updateRoute = (db: Db, id: number, patch: Partial<NewRoute>) =>
  db.update(routes).set(patch).where(eq(routes.id, id)).returning().get()
export const deleteRouteRow = (db: Db, id: number) =>
  db.delete(routes).where(eq(routes.id, id)).returning({ id: routes.id }).get()

export const findSymptomById = (db: Db, id: number): Promise<Symptom | undefined> =>
  db.select().from(symptoms).where(eq(symptoms.id, id)).get()
export const insertSymptom = (db: Db, values: typeof symptoms.$inferInsert) =>
  db.insert(symptoms).values(values).returning().get()
export const updateSymptom = (db: Db, id: number, patch: Partial<typeof symptoms.$inferInsert>) =>
  db.update(symptoms).set(patch).where(eq(symptoms.id, id)).returning().get()
export const deleteSymptomRow = (db: Db, id: number) =>
  db.delete(symptoms).where(eq(symptoms.id, id)).returning({ id: symptoms.id }).get()

/** Routes using a symptom (for the symptom's routes_count after a save). */
export async function routesCountOfSymptom(db: Db, id: number) {
  const [row] = await db.select({ n: count() }).from(routeSymptoms).where(eq(routeSymptoms.symptomId, id))
  return row?.n ?? 0
}

/** Assign once: false when the pair exists already (the unique index decides, under any concurrency). */
export async function assignSymptomRow(db: Db, routeId: number, symptomId: number) {
  const row = await db
    .insert(routeSymptoms)
    .values({ routeId, symptomId })
    .onConflictDoNothing()
    .returning({ id: routeSymptoms.id })
    .get()
  return !!row
}

export const unassignSymptomRow = (db: Db, routeId: number, symptomId: number) =>
  db
    .delete(routeSymptoms)
    .where(and(eq(routeSymptoms.routeId, routeId), eq(routeSymptoms.symptomId, symptomId)))
    .returning({ id: routeSymptoms.id })
    .get()

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

export async function findRouteCategories(db: Db, language: Locale, page: { perPage: number; offset: number }) {
  return tablePage(
    db,
    routeCategories,
    eq(routeCategories.language, language),
    [asc(routeCategories.title), asc(routeCategories.id)],
    {
      limit: page.perPage,
      offset: page.offset,
    },
  )
}
export const findRouteCategory = (db: Db, id: number): Promise<RouteCategory | undefined> =>
  db.select().from(routeCategories).where(eq(routeCategories.id, id)).get()
export const insertRouteCategory = (db: Db, values: typeof routeCategories.$inferInsert) =>
  db.insert(routeCategories).values(values).returning().get()
export const updateRouteCategory = (db: Db, id: number, patch: Partial<typeof routeCategories.$inferInsert>) =>
  db.update(routeCategories).set(patch).where(eq(routeCategories.id, id)).returning().get()
export const deleteRouteCategoryRow = (db: Db, id: number) =>
  db.delete(routeCategories).where(eq(routeCategories.id, id)).returning({ id: routeCategories.id }).get()

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
