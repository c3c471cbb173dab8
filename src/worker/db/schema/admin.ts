// The admin's audit trail (issue 12 §5).
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt, id, json, ts, linksTo } from './columns'
import { users } from './users'

/**
 * Every admin or publisher write through /v1 (who, when, what, before and after). `before` of a
 * deleted route, post or plan holds its rows (and its children's) so it can be restored for 30
 * days (features/admin/audit.ts); `restored_at` marks a deletion already undone.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: id(),
    actorId: linksTo('actor_id', () => users.id),
    actorRole: integer('actor_role'),
    /** 'METHOD /v1/path' of the call. */
    action: text('action').notNull(),
    /** route, unit, post, symptom, plan, user, file, route_category, post_category, ... */
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    before: json<Record<string, unknown[]>>('before'),
    after: json<Record<string, unknown[]>>('after'),
    restoredAt: ts('restored_at'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_entity_idx').on(t.entity, t.entityId)],
)

export type AuditRow = typeof auditLog.$inferSelect
