// The database handle (DESIGN §5): drizzle over the D1 binding, with the schema so that
// `db.query.<table>` relational reads work. Column names are explicit in the schema, so no
// `casing` option is needed here (or anywhere else a drizzle instance is made).
import { drizzle } from 'drizzle-orm/d1'
import * as schema from './schema'

export function getDb(d1: D1Database) {
  return drizzle(d1, { schema })
}

export type Db = ReturnType<typeof getDb>

/**
 * A handle or a bare binding, for the few callers that still hand the binding (files another
 * branch owns this week: users/session.ts's single-use mark, test/reset.ts's rewards). Every
 * repo takes `db: Db`; this bridge only turns such a binding into one (docs/decisions/032).
 */
export type DbOrBinding = Db | D1Database
export const dbOf = (d: DbOrBinding): Db => ('$count' in d ? d : getDb(d))
