// The one way to D1 for what drizzle's builder cannot say (docs/decisions/032, "Checked rows and
// one way to D1"): `INSERT … SELECT … WHERE NOT EXISTS`, `UPDATE … RETURNING` over a subquery,
// `ON CONFLICT … DO UPDATE` with CASE, FTS5, window functions. The statement is drizzle's `sql`
// template on the request's `db` (so it is counted and runs in that request's D1 session), and
// every row that comes back is checked by a zod schema: a column renamed in a migration fails
// here, loudly, instead of flowing on as `undefined` under a cast.
//
// `batch` is the one place that reaches the binding under drizzle (`db.$client`): drizzle's own
// `db.batch` takes builder queries but throws on a `sql` template that has parameters (its raw
// query has no prepared statement to bind, drizzle-orm 0.45), and money needs both kinds in one
// transaction (a payment row and its ledger grant). Nothing else outside src/worker/db/ may name
// `$client` or `D1Database` (lint/calma.mjs, calma/one-way-to-d1).
import { is, sql, SQL } from 'drizzle-orm'
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'
import { z } from 'zod'
import type { Db } from './client'

/** One statement of a batch: a `sql` template or a drizzle builder query (insert, update, select...). */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } }

/** What D1 answers for one statement run or batched: its rows (unchecked until `rowsIn`) and `meta.changes`. */
export type RunResult = D1Result<unknown>

const dialect = new SQLiteAsyncDialect()

/** Every row of `query`, each checked by `row`. */
export async function rows<S extends z.ZodType>(db: Db, query: SQL, row: S): Promise<z.output<S>[]> {
  return z.array(row).parse(await db.all(query))
}

/** The first row of `query` checked by `row`, or undefined when there is none. */
export async function firstRow<S extends z.ZodType>(db: Db, query: SQL, row: S): Promise<z.output<S> | undefined> {
  const found = await db.get(query)
  return found === undefined || found === null ? undefined : row.parse(found)
}

/** Runs a statement whose rows nobody reads; answers how many rows it changed. */
export async function run(db: Db, query: SQL): Promise<number> {
  const result = (await db.run(query)) as RunResult
  return result.meta.changes ?? 0
}

/** The rows a batched statement answered (its RETURNING or SELECT), each checked by `row`. */
export const rowsIn = <S extends z.ZodType>(result: RunResult | undefined, row: S): z.output<S>[] =>
  z.array(row).parse(result?.results ?? [])

/**
 * The statements in one D1 batch: one transaction, one round, all or nothing, in order. Answers
 * one result per statement (read rows with `rowsIn`). An empty list runs nothing (D1 refuses an
 * empty batch; nothing to do is not an error).
 */
export async function batch(db: Db, statements: readonly Statement[]): Promise<RunResult[]> {
  if (!statements.length) return []
  const d1 = db.$client
  return d1.batch(
    statements.map((s) => {
      const q = is(s, SQL) ? dialect.sqlToQuery(s) : s.toSQL()
      return d1.prepare(q.sql).bind(...q.params)
    }),
  )
}

/**
 * D1's clock in ms, as a SQL expression (the same value everywhere in one statement): one clock
 * for every Worker, whatever a Worker's own says. For times that Workers compare with one another
 * (the mail provider's pace, leases), so that a clock ahead or behind cannot take a turn or a
 * lease from the others (issue 32 §5, decision 040).
 */
export const D1_NOW_MS = sql`CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER)`

/**
 * SQL: the statement just before this one in the same batch changed rows (SQLite's changes(): the
 * rows of the last INSERT, UPDATE or DELETE completed on the batch's connection, 0 when it changed
 * none). A write's followers placed right after it, each under this, are written only by the batch
 * that made the change, never by a concurrent one that found it made (decision 084); a chain of
 * them, each right after the last, is written all or none.
 */
export const CHANGED_JUST_BEFORE = sql`changes() > 0`
