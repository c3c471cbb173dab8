// The audit trail's rows (SPEC §10): what an entity's snapshot holds, the trail's writes and
// reads, and putting a snapshot back. Table names come only from SNAPSHOT; a restore checks
// every name it writes (SAFE_NAME), since a snapshot comes back from a stored JSON text.
import { inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { batch, firstRow, rowsIn, run } from '#worker/db/query'
import { rowOf } from '#worker/db/rows'
import { auditLog, users } from '#worker/db/schema'
import { anyRow, withValues, type Row } from './admin.sql'

/** The rows an entity's snapshot holds: its own row, and its children for those that can be restored. */
const SNAPSHOT: Record<string, { table: string; key: string; columns?: string }[]> = {
  route: [
    { table: 'routes', key: 'id' },
    { table: 'units', key: 'route_id' },
    { table: 'route_symptoms', key: 'route_id' },
  ],
  post: [{ table: 'posts', key: 'id' }],
  plan: [
    { table: 'plans', key: 'id' },
    { table: 'plan_routes', key: 'plan_id' },
    { table: 'plan_assignments', key: 'plan_id' },
  ],
  unit: [{ table: 'units', key: 'id' }],
  symptom: [{ table: 'symptoms', key: 'id' }],
  route_category: [{ table: 'route_categories', key: 'id' }],
  post_category: [{ table: 'post_categories', key: 'id' }],
  file: [{ table: 'files', key: 'id' }],
  property: [{ table: 'properties', key: 'id' }],
  appointment: [
    {
      table: 'appointments',
      key: 'id',
      columns: 'id, status, guest_id, host_id, start_at, cancellation_reason, cancelled_at',
    },
  ],
  // Never a password hash or a provider id in the trail.
  user: [
    {
      table: 'users',
      key: 'id',
      columns:
        'id, name, email, role, subscriber, psychologist_open_to_get_appointment, degree, nationality, located_at',
    },
  ],
}
export const RESTORABLE = ['route', 'post', 'plan'] as const

export async function snapshot(db: Db, entity: string, id: number): Promise<Record<string, unknown[]> | null> {
  const parts = SNAPSHOT[entity]
  if (!parts) return null
  const res = await batch(
    db,
    parts.map((p) => withValues(`SELECT ${p.columns ?? '*'} FROM ${p.table} WHERE ${p.key} = ?`, [id])),
  )
  const found = parts.map((_, i) => rowsIn(res[i], anyRow))
  if (!found[0]!.length) return null
  return Object.fromEntries(parts.map((p, i) => [p.table, found[i]!]))
}

export async function insertAudit(
  db: Db,
  row: {
    actorId: number
    actorRole: number
    action: string
    entity: string
    entityId: number | null
    before: unknown
    after: unknown
  },
) {
  const before = row.before === null ? null : JSON.stringify(row.before)
  const after = row.after === null ? null : JSON.stringify(row.after)
  await run(
    db,
    sql`INSERT INTO audit_log (actor_id, actor_role, action, entity, entity_id, before, after, created_at)
        VALUES (${row.actorId}, ${row.actorRole}, ${row.action}, ${row.entity}, ${row.entityId}, ${before}, ${after}, ${Date.now()})`,
  )
}

export async function findAudit(db: Db, id: number) {
  const r = await firstRow(
    db,
    sql`SELECT id, action, entity, entity_id, before, restored_at, created_at FROM audit_log WHERE id = ${id}`,
    rowOf(auditLog).omit({ actor_id: true, actor_role: true, after: true }), // what the SELECT names
  )
  return r ? { ...r, before: r.before ? (JSON.parse(r.before) as Record<string, Row[]>) : null } : null
}

const SAFE_NAME = /^[a-z_]+$/

/**
 * Put a snapshot's rows back, parents first, in one batch (all or nothing). The main row is
 * upserted (a soft-deleted post is still there), children are inserted where missing.
 */
export async function restoreSnapshot(db: Db, auditId: number, snap: Record<string, Row[]>) {
  const statements: SQL[] = []
  Object.entries(snap).forEach(([table, rows], i) => {
    if (!SAFE_NAME.test(table)) return
    for (const row of rows) {
      const cols = Object.keys(row).filter((c) => SAFE_NAME.test(c))
      const names = cols.map((c) => `"${c}"`).join(', ')
      const values = cols.map((c) => (c === 'deleted_at' ? null : (row[c] ?? null)))
      const text =
        i === 0
          ? `INSERT INTO ${table} (${names}) VALUES (${cols.map(() => '?').join(', ')}) ON CONFLICT(id) DO UPDATE SET ${cols
              .filter((c) => c !== 'id')
              .map((c) => `"${c}" = excluded."${c}"`)
              .join(', ')}`
          : `INSERT OR IGNORE INTO ${table} (${names}) VALUES (${cols.map(() => '?').join(', ')})`
      statements.push(withValues(text, values))
    }
  })
  statements.push(sql`UPDATE audit_log SET restored_at = ${Date.now()} WHERE id = ${auditId} AND restored_at IS NULL`)
  await batch(db, statements)
}

/** Names (or emails, for people without a name) of the people with these ids, by id. */
export async function peopleNames(db: Db, ids: number[]): Promise<Record<string, string>> {
  if (!ids.length) return {}
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids.slice(0, 500)))
  return Object.fromEntries(
    rows.flatMap((r) => {
      const name = r.name || r.email
      return name ? [[String(r.id), name]] : []
    }),
  )
}
