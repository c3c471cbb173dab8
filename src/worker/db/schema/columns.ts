// Column helpers shared by the domain files of the schema (conventions: ../schema.ts).

import { sql } from 'drizzle-orm'
import { customType, index, integer, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { ContentStatus, Language } from '#shared/enums'

const now = () => new Date()
/** A nullable UTC instant (ms). */
export const ts = (name: string) => integer(name, { mode: 'timestamp_ms' })
/** NOT NULL instant defaulting to "now" (drizzle inserts ms; raw SQL inserts get second precision). */
export const tsNow = (name: string) =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$defaultFn(now)
export const createdAt = () => tsNow('created_at')
export const updatedAt = () => tsNow('updated_at').$onUpdateFn(now)
/** A row's two instants: made, and last changed. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() })
/** The row this one belongs to: required, and this row goes when it goes. */
export const belongsTo = (name: string, target: () => AnySQLiteColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' })
/** A row this one points at, if any: the link is cleared when that row goes. */
export const linksTo = (name: string, target: () => AnySQLiteColumn) =>
  integer(name).references(target, { onDelete: 'set null' })
export const bool = (name: string) => integer(name, { mode: 'boolean' })
export const json = <T>(name: string) => text(name, { mode: 'json' }).$type<T>()
export const id = () => integer('id').primaryKey({ autoIncrement: true })
export const language = () => text('language').$type<Language>().notNull().default('es')
/**
 * A TEXT column read as text whatever a writer stored in it (issue 32 §6): SQLite keeps a value of
 * any type in any column, and D1 hands a BLOB over as an array of its bytes. Bytes are read as
 * UTF-8, a sequence that is not UTF-8 as U+FFFD (as a browser reads a page); a number as its digits.
 */
export const anyText = customType<{ data: string; driverData: unknown }>({
  dataType: () => 'text',
  fromDriver: (value) => {
    if (typeof value === 'string') return value
    if (Array.isArray(value)) return new TextDecoder().decode(Uint8Array.from(value as number[]))
    if (value instanceof ArrayBuffer || ArrayBuffer.isView(value))
      return new TextDecoder().decode(
        value instanceof ArrayBuffer ? value : new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
      )
    return String(value)
  },
})
/**
 * How a slugged item (route, symptom, category, plan, post) starts: its id, its language, and a
 * slug and title unique per language (each table's own unique index says so).
 */
export const slugged = () => ({
  id: id(),
  language: language(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
})
type Slugged = { slug: AnySQLiteColumn; language: AnySQLiteColumn }
/** A slug is unique per language; the index leads with slug so slug-only lookups use it. */
export const slugPerLanguage = (table: string, t: Slugged) =>
  uniqueIndex(`${table}_slug_language_uq`).on(t.slug, t.language)
/** The visible items of a language (the lists' usual filter). */
export const languageStatusIndex = (table: string, t: Slugged & { status: AnySQLiteColumn }) =>
  index(`${table}_language_status_idx`).on(t.language, t.status)
export const contentStatus = () => integer('status').$type<ContentStatus>().notNull().default(1)

/** R2 keys of a content item's pictures; the two cover ratios of SPEC §9 (19:11 and 11:11). */
export type Images = { cover?: string; square?: string; [name: string]: string | undefined }
/** R2 keys (or external URLs) of the media attached to a post (SPEC §3 "audios", "videos"). */
export type MediaRef = { key: string; title?: string; duration_seconds?: number }
