// A table's row as raw SQL answers it, derived from the drizzle table (issue 33 §3: one source for
// columns). drizzle-zod reads each column's nullability, integer-ness and `enum` from the table;
// this file then keys the shape by the SQL name (raw `sql` answers `send_at`, not `sendAt`) and
// gives the columns drizzle maps in JS the value D1 hands over (schema.ts conventions): instants
// and 0/1 flags as numbers, JSON and `anyText` as their text. A repo picks the columns its SELECT
// names and, where a text column is `$type`d to a set of codes, extends it with the codes' enum
// (drizzle keeps `$type` at the type level only). docs/decisions/044.
import type { Column, Table } from 'drizzle-orm'
import { getTableColumns } from 'drizzle-orm'
import { createSelectSchema, type BuildSchema } from 'drizzle-zod'
import { z } from 'zod'

type Columns<T extends Table> = T['_']['columns']
type Nullable<C extends Column, S extends z.ZodType> = C['_']['notNull'] extends true ? S : z.ZodNullable<S>
/** The schema of what D1 hands over for column `C`, given drizzle-zod's schema `S` of its JS value. */
type Driver<C extends Column, S> = C['_']['columnType'] extends 'SQLiteTimestamp' | 'SQLiteBoolean'
  ? Nullable<C, z.ZodNumber>
  : C['_']['columnType'] extends 'SQLiteTextJson' | 'SQLiteCustomColumn'
    ? Nullable<C, z.ZodString>
    : S
type Derived<T extends Table> = BuildSchema<'select', Columns<T>, undefined, undefined>['shape']
type Snake<S extends string> = S extends `${infer H}${infer R}`
  ? H extends Lowercase<H>
    ? `${H}${Snake<R>}`
    : `_${Lowercase<H>}${Snake<R>}`
  : S
/** A column's SQL name: the literal drizzle keeps, or (for the helpers of ./schema/columns.ts, which
 *  take `name: string`) the key in snake_case, the schema's convention (schema.ts). */
type SqlName<K extends string, C extends Column> = string extends C['_']['name'] ? Snake<K> : C['_']['name']
/** A row of table `T` keyed by SQL name. */
export type RowShape<T extends Table> = {
  [K in keyof Columns<T> & string as SqlName<K, Columns<T>[K]>]: Driver<Columns<T>[K], Derived<T>[K]>
}

const AS_NUMBER = new Set(['SQLiteTimestamp', 'SQLiteBoolean'])
const AS_TEXT = new Set(['SQLiteTextJson', 'SQLiteCustomColumn'])

/** Every column of `table` as raw SQL answers it; `.pick()` the ones a SELECT names. */
export function rowOf<T extends Table>(table: T): z.ZodObject<RowShape<T>> {
  const derived = createSelectSchema(table).shape as Record<string, z.ZodType>
  const shape: Record<string, z.ZodType> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const base = AS_NUMBER.has(column.columnType)
      ? z.number()
      : AS_TEXT.has(column.columnType)
        ? z.string()
        : derived[key]!
    shape[column.name] =
      AS_NUMBER.has(column.columnType) || AS_TEXT.has(column.columnType)
        ? column.notNull
          ? base
          : base.nullable()
        : base
  }
  return z.object(shape) as unknown as z.ZodObject<RowShape<T>>
}

/**
 * A row of `table` as raw SQL answered it (keyed by SQL name, checked by `rowOf(table)`), mapped
 * as drizzle's own queries map it (each column's `mapFromDriverValue`: instants to Dates, 0/1 to
 * booleans): for a write that answers its whole row in a batch (`RETURNING *`) where the rest of
 * the code takes drizzle's row (decision 084).
 */
export function mapRow<T extends Table>(table: T, raw: z.output<z.ZodObject<RowShape<T>>>): T['$inferSelect'] {
  const values = raw as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const v = values[column.name]
    out[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v)
  }
  return out as T['$inferSelect']
}
