// Files.
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import type { FileTag, FileType } from '#shared/enums'
import { createdAt, id, linksTo } from './columns'
import { users } from './users'

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Files (SPEC §3 "File", §9 file tags)
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const files = sqliteTable(
  'files',
  {
    id: id(),
    title: text('title'),
    type: text('type').$type<FileType>().notNull(),
    tag: text('tag').$type<FileTag>(),
    size: integer('size').notNull().default(0), // bytes
    r2Key: text('r2_key').notNull().unique(),
    contentType: text('content_type'),
    createdBy: linksTo('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('files_type_tag_idx').on(t.type, t.tag)],
)

// ── Row types ───────────────────────────────────────────────────────────────────────────────

export type FileRow = typeof files.$inferSelect
