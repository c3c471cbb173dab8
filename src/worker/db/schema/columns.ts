// Column helpers shared by the domain files of the schema (conventions: ../schema.ts).

import { sql } from 'drizzle-orm'
import { integer, text } from 'drizzle-orm/sqlite-core'
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
export const bool = (name: string) => integer(name, { mode: 'boolean' })
export const json = <T>(name: string) => text(name, { mode: 'json' }).$type<T>()
export const id = () => integer('id').primaryKey({ autoIncrement: true })
export const language = () => text('language').$type<Language>().notNull().default('es')
export const contentStatus = () => integer('status').$type<ContentStatus>().notNull().default(1)

/** R2 keys of a content item's pictures; the two cover ratios of SPEC §9 (19:11 and 11:11). */
export type Images = { cover?: string; square?: string; [name: string]: string | undefined }
/** R2 keys (or external URLs) of the media attached to a post (SPEC §3 "audios", "videos"). */
export type MediaRef = { key: string; title?: string; duration_seconds?: number }
