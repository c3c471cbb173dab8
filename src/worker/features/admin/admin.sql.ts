// The admin's SQL built from text (lists, units, users, snapshots): the one place such text
// meets its values, so that every file that builds it binds values the same way.
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'

export type Value = string | number | null
export type Row = Record<string, Value>

const value = z.union([z.string(), z.number(), z.null()])
/** A row of a table named at run time (snapshots, lists): its columns as SQLite gives them. */
export const anyRow = z.record(z.string(), value)
export const idRow = z.object({ id: z.number() })
export const countRow = z.object({ n: z.number() })

/**
 * SQL text with `?` placeholders and their values, as one drizzle `sql`. The text is built
 * only from the admin repos' constants (LISTS, UNIT_COLUMNS, USER_COLUMNS, SNAPSHOT), never
 * from a request; the values are bound.
 */
export function withValues(text: string, values: readonly Value[]): SQL {
  const parts = text.split('?')
  if (parts.length !== values.length + 1)
    throw new Error(`admin SQL: ${parts.length - 1} placeholders, ${values.length} values`)
  return sql.join(parts.map((p, i) => (i < values.length ? sql`${sql.raw(p)}${values[i]}` : sql.raw(p))))
}
