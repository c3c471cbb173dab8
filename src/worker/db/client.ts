// The database handle (DESIGN §5): drizzle over the D1 binding. Column names are explicit in
// the schema, so no `casing` option is needed here (or anywhere else a drizzle instance is made).
//
// No `schema` option: it only serves drizzle's relational reads (`db.query.<table>`), which
// nothing here uses, and with it every handle walks all ~50 tables' relations
// (extractTablesRelationalConfig) and builds a query builder per table. A handle is made per
// request (http/context.ts, over that request's D1 session), and a CPU profile of the Worker
// under load showed those two at ~25% of every request, the trivial /v1 call's included.
import { drizzle } from 'drizzle-orm/d1'

export function getDb(d1: D1Database) {
  return drizzle(d1)
}

export type Db = ReturnType<typeof getDb>
