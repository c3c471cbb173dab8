// The admin's reads and writes that no other domain makes (CONVENTIONS 3): lists that include
// hidden rows, units, users' admin fields, credit adjustments, the audit trail and its snapshots.
// Table and column names come only from the constants below, never from a request.
import type { ListQuery } from '#shared/contract/list'
import {
  ADMIN_LIST_ROWS,
  adminPropertyRow,
  adminUnitRow,
  adminUserRow as adminUserRowSchema,
  type AdminListName,
  type AdminListRow,
  type AdminPropertyRow,
  type AdminUnitRow,
  type AdminUserRow,
} from '#shared/contract/admin.rows'
import { sql, type SQL } from 'drizzle-orm'
import { Role } from '#shared/enums'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, firstRow, rows as checkedRows, rowsIn, run } from '#worker/db/query'
import * as ledger from '#worker/ledger/ledger'

type Value = string | number | null
type Row = Record<string, Value>

const value = z.union([z.string(), z.number(), z.null()])
/** A row of a table named at run time (snapshots): its columns as SQLite gives them. */
const anyRow = z.record(z.string(), value)
const idRow = z.object({ id: z.number() })
const countRow = z.object({ n: z.number() })

/**
 * SQL text with `?` placeholders and their values, as one drizzle `sql`. The text is built here
 * only from the constants of this file (LISTS, UNIT_COLUMNS, USER_COLUMNS, SNAPSHOT), never from
 * a request; the values are bound.
 */
function withValues(text: string, values: readonly Value[]): SQL {
  const parts = text.split('?')
  if (parts.length !== values.length + 1)
    throw new Error(`admin SQL: ${parts.length - 1} placeholders, ${values.length} values`)
  return sql.join(parts.map((p, i) => (i < values.length ? sql`${sql.raw(p)}${values[i]}` : sql.raw(p))))
}

/** One admin list: what it selects from where, which columns a search reads, which filters map to which SQL. */
export interface ListSpec {
  from: string
  select: string
  search?: string[]
  /** filter name → SQL condition with one `?` (or a function for several). */
  filters?: Record<string, string>
  /** order_by column → SQL expression. */
  order: Record<string, string>
}

const iso = (v: unknown) => (typeof v === 'number' ? new Date(v).toISOString() : v)

/**
 * A page of admin list `name` and the total. Times (`*_at`) are answered as ISO text. The rows
 * are the list's select, typed by its row schema (contract/admin.rows.ts; the two are held
 * together by test/admin/admin-rows.test.ts).
 */
export async function listPage<N extends AdminListName>(
  db: Db,
  name: N,
  q: ListQuery<Record<string, unknown>>,
): Promise<{ rows: AdminListRow<N>[]; total: number }> {
  const spec: ListSpec = LISTS[name]
  const where: string[] = []
  const params: Value[] = []
  const search = typeof q.filters.search === 'string' ? q.filters.search.trim() : ''
  if (search && spec.search?.length) {
    where.push(`(${spec.search.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`)
    const like = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    for (const _ of spec.search) params.push(like)
  }
  for (const [name, cond] of Object.entries(spec.filters ?? {})) {
    const v = q.filters[name]
    if (v === undefined || v === null || name === 'search') continue
    where.push(cond)
    params.push(v instanceof Date ? v.getTime() : typeof v === 'boolean' ? (v ? 1 : 0) : (v as Value))
  }
  const w = where.length ? `WHERE ${where.join(' AND ')}` : ''
  const order = spec.order[q.order.column] ?? Object.values(spec.order)[0]!
  const [list, count] = await batch(db, [
    withValues(
      `SELECT ${spec.select} FROM ${spec.from} ${w} ORDER BY ${order} ${q.order.dir === 'desc' ? 'DESC' : 'ASC'}, 1 DESC LIMIT ? OFFSET ?`,
      [...params, q.perPage, q.offset],
    ),
    withValues(`SELECT COUNT(*) AS n FROM ${spec.from} ${w}`, params),
  ])
  // Each row checked by its list's schema (contract/admin.rows.ts) once its times are ISO text.
  const schema = ADMIN_LIST_ROWS[name] as unknown as z.ZodType<AdminListRow<N>>
  const rows = rowsIn(list, anyRow).map((r) =>
    schema.parse(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k.endsWith('_at') ? (iso(v) as Value) : v]))),
  )
  return { rows, total: rowsIn(count, countRow)[0]?.n ?? 0 }
}

export const LISTS = {
  routes: {
    from: 'routes r',
    select: `r.id, r.language, r.slug, r.title, r.status, r.is_public, r.is_active, r.category_id, r."order", r.needs_appointment, r.tag, r.seo_title, r.seo_description, r.description,
      json_extract(r.images, '$.cover') AS image_cover, json_extract(r.images, '$.square') AS image_square, r.updated_at,
      (SELECT COUNT(*) FROM units u WHERE u.route_id = r.id) AS units_count`,
    search: ['r.title', 'r.slug'],
    filters: { language: 'r.language = ?', status: 'r.status = ?' },
    order: { id: 'r.id', title: 'r.title', slug: 'r.slug', order: 'r."order"', updated_at: 'r.updated_at' },
  },
  posts: {
    from: 'posts p',
    select: `p.id, p.language, p.slug, p.title, p.status, p.author, p.category_id, p.tag, p.tags, p.description, p."index", p.time_for_reading,
      json_extract(p.images, '$.cover') AS image_cover, p.published_at, p.updated_at`,
    search: ['p.title', 'p.slug'],
    filters: { language: 'p.language = ?', status: 'p.status = ?' },
    order: { id: 'p.id', title: 'p.title', slug: 'p.slug', published_at: 'p.published_at', updated_at: 'p.updated_at' },
  },
  symptoms: {
    from: 'symptoms s',
    select:
      's.id, s.language, s.slug, s.title, s.status, s.seo_title, s.seo_description, (SELECT COUNT(*) FROM route_symptoms x WHERE x.symptom_id = s.id) AS routes_count',
    search: ['s.title', 's.slug'],
    filters: { language: 's.language = ?', status: 's.status = ?' },
    order: { id: 's.id', title: 's.title', slug: 's.slug' },
  },
  plans: {
    from: 'plans p',
    select: `p.id, p.language, p.slug, p.title, p.status, p.visibility, p.category, p.description, p.timeout_hours, p.next_plan_id,
      (SELECT COUNT(*) FROM plan_routes x WHERE x.plan_id = p.id) AS routes_count, (SELECT COUNT(*) FROM plan_assignments a WHERE a.plan_id = p.id) AS users_count`,
    search: ['p.title', 'p.slug'],
    filters: { language: 'p.language = ?', status: 'p.status = ?' },
    order: { id: 'p.id', title: 'p.title', slug: 'p.slug' },
  },
  plan_routes: {
    from: 'plan_routes x JOIN routes r ON r.id = x.route_id',
    select:
      'x.id, x.plan_id, x.route_id, r.title, r.slug, x."order", x.waiting_time_hours, x.need_appointment, x.need_finished_appointment',
    filters: { plan_id: 'x.plan_id = ?' },
    order: { order: 'x."order"', id: 'x.id' },
  },
  plan_users: {
    from: 'plan_assignments a JOIN users u ON u.id = a.user_id',
    select: 'a.id, a.plan_id, a.user_id, u.name, u.email, a.assigned_at, a.finished_at',
    search: ['u.name', 'u.email'],
    filters: { plan_id: 'a.plan_id = ?' },
    order: { assigned_at: 'a.assigned_at', id: 'a.id' },
  },
  units: {
    from: 'units u',
    select:
      'u.id, u.route_id, u."order", u.status, u.title, u.description, u.kind, u.media_key, u.cover_key, u.duration_seconds, u.credits_creator, u.credits_dubbing, u.credits_interpretation, u.credits_author',
    search: ['u.title'],
    filters: { route_id: 'u.route_id = ?' },
    order: { order: 'u."order"', id: 'u.id', title: 'u.title' },
  },
  files: {
    from: 'files f',
    select: 'f.id, f.title, f.type, f.tag, f.size, f.r2_key, f.content_type, f.created_at',
    search: ['f.title', 'f.r2_key'],
    filters: { type: 'f.type = ?' },
    order: { id: 'f.id', title: 'f.title', size: 'f.size' },
  },
  audit: {
    from: 'audit_log a LEFT JOIN users u ON u.id = a.actor_id',
    select: `a.id, a.created_at, u.email AS actor, a.actor_role, a.action, a.entity, a.entity_id, a.restored_at, substr(a.before, 1, 12000) AS before, substr(a.after, 1, 12000) AS after`,
    search: ['a.action', 'a.entity', 'u.email'],
    filters: { entity: 'a.entity = ?' },
    order: { id: 'a.id', created_at: 'a.created_at' },
  },
  events: {
    from: 'tracking_events e',
    select: 'e.id, e.created_at, e.event, e.page, e.session_id, e.user_id, e.params',
    search: ['e.event', 'e.page'],
    filters: { event: 'e.event = ?', page: 'e.page = ?', from: 'e.created_at >= ?', to: 'e.created_at <= ?' },
    order: { id: 'e.id', created_at: 'e.created_at', event: 'e.event' },
  },
} as const satisfies Record<AdminListName, ListSpec>

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
export async function updateAdminUser(
  db: Db,
  id: number,
  patch: Partial<Record<keyof typeof USER_COLUMNS, Value>>,
  admin: { id: number; passwordHash: string | null },
): Promise<boolean> {
  const cols = Object.keys(patch) as (keyof typeof USER_COLUMNS)[]
  if (!cols.length) return true
  const changed = await run(
    db,
    withValues(
      `UPDATE users SET ${cols.map((c) => `${USER_COLUMNS[c]} = ?`).join(', ')}, updated_at = ? WHERE id = ?` +
        ` AND EXISTS (SELECT 1 FROM users AS admin WHERE admin.id = ? AND admin.role = ? AND admin.password_hash IS ?)`,
      [...cols.map((c) => patch[c] ?? null), Date.now(), id, admin.id, Role.admin, admin.passwordHash],
    ),
  )
  return changed > 0
}

/** A credit adjustment in the ledger (reason 'admin_adjustment', the admin's text as reference), and the new balance. */
export async function insertAdjustment(
  db: Db,
  userId: number,
  amountCents: number,
  note: string,
  adminId: number,
): Promise<number> {
  const now = Date.now()
  const [, balance] = await batch(db, [
    ledger.adjustStmt({ userId, cents: amountCents, adminId, note, at: now }),
    ledger.balanceStmt(userId),
  ])
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

// ── Audit and snapshots ──────────────────────────────────────────────────────────────────────

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
    z.object({
      id: z.number(),
      action: z.string(),
      entity: z.string(),
      entity_id: z.number().nullable(),
      before: z.string().nullable(),
      restored_at: z.number().nullable(),
      created_at: z.number(),
    }),
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

/** The tracking events of a filter, for the CSV export. */
export async function eventsForExport(db: Db, filters: Record<string, unknown>, max: number) {
  const { rows } = await listPage(db, 'events', {
    page: 1,
    perPage: max,
    offset: 0,
    order: { column: 'id', dir: 'asc' },
    filters,
    properties: [],
    relations: [],
    counts: [],
  })
  return rows
}
