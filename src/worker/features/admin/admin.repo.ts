// The admin's reads and writes of single rows that no other domain makes (CONVENTIONS 3):
// units, users' admin fields, credit adjustments and properties. The lists are in lists.repo.ts,
// the audit trail in audit.repo.ts. Column names come only from the constants below, never
// from a request.
import {
  adminPropertyRow,
  adminUnitRow,
  adminUserRow as adminUserRowSchema,
  type AdminPropertyRow,
  type AdminUnitRow,
  type AdminUserRow,
} from '#shared/contract/admin.rows'
import { sql } from 'drizzle-orm'
import { Role } from '#shared/enums'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, firstRow, rows as checkedRows, rowsIn, run } from '#worker/db/query'
import * as ledger from '#worker/ledger/ledger'
import { idRow, withValues, type Value } from './admin.sql'
import { LISTS } from './lists.repo'

// ── Units ────────────────────────────────────────────────────────────────────────────────────

export const UNIT_COLUMNS = [
  'route_id',
  'title',
  'description',
  'kind',
  'status',
  'media_key',
  'cover_key',
  'duration_seconds',
  'credits_creator',
  'credits_dubbing',
  'credits_interpretation',
  'credits_author',
] as const
export type UnitColumn = (typeof UNIT_COLUMNS)[number]

export async function findUnit(db: Db, id: number): Promise<AdminUnitRow | null> {
  return (
    (await firstRow(db, withValues(`SELECT ${LISTS.units.select} FROM units u WHERE u.id = ?`, [id]), adminUnitRow)) ??
    null
  )
}

export const routeExists = async (db: Db, id: number) =>
  !!(await firstRow(db, sql`SELECT 1 AS one FROM routes WHERE id = ${id}`, z.object({ one: z.number() })))

/** A new unit, last in its route. */
export async function insertUnit(db: Db, values: Partial<Record<UnitColumn, Value>>): Promise<number> {
  const cols = Object.keys(values) as UnitColumn[]
  const row = await firstRow(
    db,
    withValues(
      `INSERT INTO units (${cols.join(', ')}, "order") VALUES (${cols.map(() => '?').join(', ')}, (SELECT COALESCE(MAX("order"), 0) + 1 FROM units WHERE route_id = ?)) RETURNING id`,
      [...cols.map((c) => values[c] ?? null), values.route_id ?? null],
    ),
    idRow,
  )
  return row!.id
}

export async function updateUnit(db: Db, id: number, patch: Partial<Record<UnitColumn, Value>>) {
  const cols = Object.keys(patch) as UnitColumn[]
  if (!cols.length) return
  await run(
    db,
    withValues(`UPDATE units SET ${cols.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`, [
      ...cols.map((c) => patch[c] ?? null),
      Date.now(),
      id,
    ]),
  )
}

export const deleteUnitRow = async (db: Db, id: number) => (await run(db, sql`DELETE FROM units WHERE id = ${id}`)) > 0

/** Swap a unit with its neighbour in its route (by order, then id); false at either end. */
export async function moveUnitRow(db: Db, id: number, direction: 'up' | 'down'): Promise<number | null> {
  const results = await checkedRows(
    db,
    sql`SELECT id, "order" AS o FROM units WHERE route_id = (SELECT route_id FROM units WHERE id = ${id}) ORDER BY "order", id`,
    z.object({ id: z.number(), o: z.number() }),
  )
  const i = results.findIndex((r) => r.id === id)
  if (i < 0) return null
  const j = direction === 'up' ? i - 1 : i + 1
  const list = results.map((r) => r.id)
  if (j >= 0 && j < list.length) [list[i], list[j]] = [list[j]!, list[i]!]
  // Renumber the whole route 1..n so equal orders can never tie again.
  await batch(
    db,
    list.map((uid, k) => sql`UPDATE units SET "order" = ${k + 1} WHERE id = ${uid}`),
  )
  const route = await firstRow(db, sql`SELECT route_id FROM units WHERE id = ${id}`, z.object({ route_id: z.number() }))
  return route?.route_id ?? null
}

// ── Users ────────────────────────────────────────────────────────────────────────────────────

export const USER_COLUMNS = {
  role: 'role',
  subscriber: 'subscriber',
  name: 'name',
  psychologist_open_to_get_appointment: 'psychologist_open_to_get_appointment',
  degree: 'degree',
  nationality: 'nationality',
  located_at: 'located_at',
} as const

export async function adminUserRow(db: Db, id: number): Promise<AdminUserRow | null> {
  const row = await firstRow(
    db,
    sql`SELECT id, name, email, role, subscriber, language, country_code, psychologist_open_to_get_appointment, degree, nationality, located_at,
        ${ledger.balanceOf(sql`users.id`)} AS credits_cents FROM users WHERE id = ${id}`,
    adminUserRowSchema,
  )
  return row ?? null
}

/**
 * The admin's change of a users row, written only while the admin who asked is still an admin
 * with the password their session was opened with (`admin.passwordHash`, as D1 had it when the
 * session was confirmed): the check of the caller and the write are one statement, so a
 * demotion or a password change that commits between them leaves the row as it was
 * (docs/decisions/038 "Found from outside, and closed"). Answers whether the row was written.
 */
/** False when the caller is no longer an admin, or the write would leave no administrator. */
export async function updateAdminUser(
  db: Db,
  id: number,
  patch: Partial<Record<keyof typeof USER_COLUMNS, Value>>,
  admin: { id: number; passwordHash: string | null },
): Promise<boolean> {
  const cols = Object.keys(patch) as (keyof typeof USER_COLUMNS)[]
  if (!cols.length) return true
  const demotes = patch.role !== undefined && Number(patch.role) !== Role.admin
  const changed = await run(
    db,
    withValues(
      `UPDATE users SET ${cols.map((c) => `${USER_COLUMNS[c]} = ?`).join(', ')}, updated_at = ? WHERE id = ?` +
        ` AND EXISTS (SELECT 1 FROM users AS admin WHERE admin.id = ? AND admin.role = ? AND admin.password_hash IS ?)` +
        // The last administrator keeps the role (in the same statement: two admins demoting each
        // other at once cannot both win).
        (demotes
          ? ` AND (users.role != ? OR EXISTS (SELECT 1 FROM users AS other WHERE other.role = ? AND other.id != users.id))`
          : ''),
      [
        ...cols.map((c) => patch[c] ?? null),
        Date.now(),
        id,
        admin.id,
        Role.admin,
        admin.passwordHash,
        ...(demotes ? [Role.admin, Role.admin] : []),
      ],
    ),
  )
  return changed > 0
}

/**
 * A credit adjustment in the ledger (reason 'admin_adjustment', the admin's text as reference), and
 * the new balance; null when the same adjustment was just written (ledger.ADJUSTMENT_REPEAT_MS).
 */
export async function insertAdjustment(
  db: Db,
  userId: number,
  amountCents: number,
  note: string,
  adminId: number,
): Promise<number | null> {
  const now = Date.now()
  const [written, balance] = await batch(db, [
    ledger.adjustStmt({ userId, cents: amountCents, adminId, note, at: now }),
    ledger.balanceStmt(userId),
  ])
  if (!rowsIn(written, idRow).length) return null
  return rowsIn(balance, ledger.balanceRow)[0]?.n ?? 0
}

// ── Properties ───────────────────────────────────────────────────────────────────────────────

export const findProperty = async (db: Db, id: number): Promise<AdminPropertyRow | null> =>
  (await firstRow(
    db,
    sql`SELECT id, key, value, description, updated_at FROM properties WHERE id = ${id}`,
    adminPropertyRow,
  )) ?? null

/** A new property; null when its key is taken. */
export async function insertProperty(
  db: Db,
  v: { key: string; value: string | null; description: string | null; by: number },
) {
  const now = Date.now()
  const row = await firstRow(
    db,
    sql`INSERT INTO properties (key, value, description, updated_by, created_at, updated_at)
        VALUES (${v.key}, ${v.value}, ${v.description}, ${v.by}, ${now}, ${now}) ON CONFLICT(key) DO NOTHING RETURNING id`,
    idRow,
  )
  return row?.id ?? null
}

export async function updateProperty(db: Db, id: number, patch: { value?: string; description?: string }, by: number) {
  const cols = Object.keys(patch) as ('value' | 'description')[]
  await run(
    db,
    withValues(
      `UPDATE properties SET ${[...cols.map((c) => `${c} = ?`), 'updated_by = ?', 'updated_at = ?'].join(', ')} WHERE id = ?`,
      [...cols.map((c) => patch[c]!), by, Date.now(), id],
    ),
  )
}

export const deletePropertyRow = async (db: Db, id: number) =>
  (await run(db, sql`DELETE FROM properties WHERE id = ${id}`)) > 0
