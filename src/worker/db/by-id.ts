// The four statements an editor makes on a table by its row id (find, insert, update, delete),
// written once for the tables edited that way (routes, symptoms, plans, the two kinds of category), and a category's list.
// A repo names them under its own words (`findRouteById`, `deletePlanRow`, …).
import { and, asc, eq } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Locale } from '#shared/i18n/index'
import type { Db } from './client'
import { tablePage } from './page'

export function byId<T extends SQLiteTable & { id: SQLiteColumn }>(table: T) {
  type Row = T['$inferSelect']
  type New = T['$inferInsert']
  // The builders' rows are `table`'s own; their types are only deferred while T is generic.
  const t = table as SQLiteTable & { id: SQLiteColumn }
  return {
    find: (db: Db, id: number) => db.select().from(t).where(eq(t.id, id)).get() as Promise<Row | undefined>,
    insert: (db: Db, values: New) => db.insert(t).values(values).returning().get() as Promise<Row>,
    update: (db: Db, id: number, patch: Partial<New>) =>
      db.update(t).set(patch).where(eq(t.id, id)).returning().get() as Promise<Row | undefined>,
    remove: (db: Db, id: number) =>
      db.delete(t).where(eq(t.id, id)).returning({ id: t.id }).get() as Promise<{ id: number } | undefined>,
  }
}

/** A kind of category (routes' or posts', SPEC §3), edited by id and listed a language at a time by title. */
export function categoryRows<T extends SQLiteTable & { id: SQLiteColumn; language: SQLiteColumn; title: SQLiteColumn }>(
  table: T,
) {
  return {
    ...byId(table),
    page: (db: Db, language: Locale, page: { perPage: number; offset: number }) =>
      tablePage(db, table, eq(table.language, language), [asc(table.title), asc(table.id)], {
        limit: page.perPage,
        offset: page.offset,
      }),
  }
}

/**
 * A table that links two rows at most once (a unique index on the pair `a`, `b`: a route's
 * symptoms, a plan's routes and people): `add` answers false when the pair is there already (the
 * index decides, under any concurrency); `remove` answers the removed row's id, if there was one.
 */
export function pairRows<T extends SQLiteTable & { id: SQLiteColumn }>(table: T, a: SQLiteColumn, b: SQLiteColumn) {
  const t = table as SQLiteTable & { id: SQLiteColumn }
  return {
    add: async (db: Db, values: T['$inferInsert']) =>
      !!(await db.insert(t).values(values).onConflictDoNothing().returning({ id: t.id }).get()),
    remove: (db: Db, aId: number, bId: number) =>
      db
        .delete(t)
        .where(and(eq(a, aId), eq(b, bId)))
        .returning({ id: t.id })
        .get() as Promise<{ id: number } | undefined>,
  }
}
