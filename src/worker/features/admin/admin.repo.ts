// The admin's reads and writes that no other domain makes (CONVENTIONS 3): lists that include
// hidden rows, units, users' admin fields, credit adjustments, the audit trail and its snapshots.
// Table and column names come only from the constants below, never from a request.
import type { ListQuery } from '#shared/contract/list'
import type {
  AdminListName,
  AdminListRow,
  AdminPropertyRow,
  AdminUnitRow,
  AdminUserRow,
} from '#shared/contract/admin.rows'
import type { Db } from '#worker/db/client'
import * as ledger from '#worker/ledger/ledger'

type Value = string | number | null
type Row = Record<string, Value>

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
  const d1 = db.$client
  const [list, count] = await d1.batch<Row>([
    d1
      .prepare(
        `SELECT ${spec.select} FROM ${spec.from} ${w} ORDER BY ${order} ${q.order.dir === 'desc' ? 'DESC' : 'ASC'}, 1 DESC LIMIT ? OFFSET ?`,
      )
      .bind(...params, q.perPage, q.offset),
    d1.prepare(`SELECT COUNT(*) AS n FROM ${spec.from} ${w}`).bind(...params),
  ])
  const rows = (list!.results ?? []).map(
    (r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, k.endsWith('_at') ? (iso(v) as Value) : v]),
      ) as AdminListRow<N>,
  )
  return { rows, total: Number((count!.results?.[0] as Row | undefined)?.n ?? 0) }
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
    select: `a.id, a.created_at, u.email AS actor, a.actor_role, a.action, a.entity, a.entity_id, a.restored_at, substr(a.before, 1, 2000) AS before, substr(a.after, 1, 2000) AS after`,
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
  return db.$client.prepare(`SELECT ${LISTS.units.select} FROM units u WHERE u.id = ?`).bind(id).first<AdminUnitRow>()
}

export const routeExists = async (db: Db, id: number) =>
  !!(await db.$client.prepare('SELECT 1 FROM routes WHERE id = ?').bind(id).first())

/** A new unit, last in its route. */
export async function insertUnit(db: Db, values: Partial<Record<UnitColumn, Value>>): Promise<number> {
  const cols = Object.keys(values) as UnitColumn[]
  const row = await db.$client
    .prepare(
      `INSERT INTO units (${cols.join(', ')}, "order") VALUES (${cols.map(() => '?').join(', ')}, (SELECT COALESCE(MAX("order"), 0) + 1 FROM units WHERE route_id = ?)) RETURNING id`,
    )
    .bind(...cols.map((c) => values[c] ?? null), values.route_id ?? null)
    .first<{ id: number }>()
  return row!.id
}

export async function updateUnit(db: Db, id: number, patch: Partial<Record<UnitColumn, Value>>) {
  const cols = Object.keys(patch) as UnitColumn[]
  if (!cols.length) return
  await db.$client
    .prepare(`UPDATE units SET ${cols.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`)
    .bind(...cols.map((c) => patch[c] ?? null), Date.now(), id)
    .run()
}

export const deleteUnitRow = async (db: Db, id: number) =>
  ((await db.$client.prepare('DELETE FROM units WHERE id = ?').bind(id).run()).meta.changes ?? 0) > 0

/** Swap a unit with its neighbour in its route (by order, then id); false at either end. */
export async function moveUnitRow(db: Db, id: number, direction: 'up' | 'down'): Promise<number | null> {
  const d1 = db.$client
  const { results } = await d1
    .prepare(
      'SELECT id, "order" AS o FROM units WHERE route_id = (SELECT route_id FROM units WHERE id = ?) ORDER BY "order", id',
    )
    .bind(id)
    .all<{ id: number; o: number }>()
  const i = results.findIndex((r) => r.id === id)
  if (i < 0) return null
  const j = direction === 'up' ? i - 1 : i + 1
  const list = results.map((r) => r.id)
  if (j >= 0 && j < list.length) [list[i], list[j]] = [list[j]!, list[i]!]
  // Renumber the whole route 1..n so equal orders can never tie again.
  await d1.batch(list.map((uid, k) => d1.prepare('UPDATE units SET "order" = ? WHERE id = ?').bind(k + 1, uid)))
  const route = await d1.prepare('SELECT route_id FROM units WHERE id = ?').bind(id).first<{ route_id: number }>()
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
  return db.$client
    .prepare(
      `SELECT id, name, email, role, subscriber, language, country_code, psychologist_open_to_get_appointment, degree, nationality, located_at,
      ${ledger.balanceOf('users.id')} AS credits_cents FROM users WHERE id = ?`,
    )
    .bind(id)
    .first<AdminUserRow>()
}

export async function updateAdminUser(db: Db, id: number, patch: Partial<Record<keyof typeof USER_COLUMNS, Value>>) {
  const cols = Object.keys(patch) as (keyof typeof USER_COLUMNS)[]
  if (!cols.length) return
  await db.$client
    .prepare(`UPDATE users SET ${cols.map((c) => `${USER_COLUMNS[c]} = ?`).join(', ')}, updated_at = ? WHERE id = ?`)
    .bind(...cols.map((c) => patch[c] ?? null), Date.now(), id)
    .run()
}

/** A credit adjustment in the ledger (reason 'admin_adjustment', the admin's text as reference), and the new balance. */
export async function insertAdjustment(
  db: Db,
  userId: number,
  amountCents: number,
  note: string,
  adminId: number,
): Promise<number> {
  const d1 = db.$client
  const now = Date.now()
  const [, balance] = await d1.batch<{ n: number }>([
    ledger.adjustStmt(db, { userId, cents: amountCents, adminId, note, at: now }),
    ledger.balanceStmt(db, userId),
  ])
  return Number(balance!.results?.[0]?.n ?? 0)
}

// ── Properties ───────────────────────────────────────────────────────────────────────────────

const PROPERTY = 'SELECT id, key, value, description, updated_at FROM properties WHERE id = ?'
export const findProperty = (db: Db, id: number) => db.$client.prepare(PROPERTY).bind(id).first<AdminPropertyRow>()

/** A new property; null when its key is taken. */
export async function insertProperty(
  db: Db,
  v: { key: string; value: string | null; description: string | null; by: number },
) {
  const row = await db.$client
    .prepare(
      'INSERT INTO properties (key, value, description, updated_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(key) DO NOTHING RETURNING id',
    )
    .bind(v.key, v.value, v.description, v.by, Date.now(), Date.now())
    .first<{ id: number }>()
  return row?.id ?? null
}

export async function updateProperty(db: Db, id: number, patch: { value?: string; description?: string }, by: number) {
  const cols = Object.keys(patch) as ('value' | 'description')[]
  await db.$client
    .prepare(
      `UPDATE properties SET ${[...cols.map((c) => `${c} = ?`), 'updated_by = ?', 'updated_at = ?'].join(', ')} WHERE id = ?`,
    )
    .bind(...cols.map((c) => patch[c]!), by, Date.now(), id)
    .run()
}

export const deletePropertyRow = async (db: Db, id: number) =>
  ((await db.$client.prepare('DELETE FROM properties WHERE id = ?').bind(id).run()).meta.changes ?? 0) > 0

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
  const d1 = db.$client
  const res = await d1.batch(
    parts.map((p) => d1.prepare(`SELECT ${p.columns ?? '*'} FROM ${p.table} WHERE ${p.key} = ?`).bind(id)),
  )
  if (!res[0]!.results?.length) return null
  return Object.fromEntries(parts.map((p, i) => [p.table, res[i]!.results ?? []]))
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
  await db.$client
    .prepare(
      'INSERT INTO audit_log (actor_id, actor_role, action, entity, entity_id, before, after, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(
      row.actorId,
      row.actorRole,
      row.action,
      row.entity,
      row.entityId,
      row.before === null ? null : JSON.stringify(row.before),
      row.after === null ? null : JSON.stringify(row.after),
      Date.now(),
    )
    .run()
}

export async function findAudit(db: Db, id: number) {
  const r = await db.$client
    .prepare('SELECT id, action, entity, entity_id, before, restored_at, created_at FROM audit_log WHERE id = ?')
    .bind(id)
    .first<{
      id: number
      action: string
      entity: string
      entity_id: number | null
      before: string | null
      restored_at: number | null
      created_at: number
    }>()
  return r ? { ...r, before: r.before ? (JSON.parse(r.before) as Record<string, Row[]>) : null } : null
}

const SAFE_NAME = /^[a-z_]+$/

/**
 * Put a snapshot's rows back, parents first, in one batch (all or nothing). The main row is
 * upserted (a soft-deleted post is still there), children are inserted where missing.
 */
export async function restoreSnapshot(db: Db, auditId: number, snap: Record<string, Row[]>) {
  const d1 = db.$client
  const statements: D1PreparedStatement[] = []
  Object.entries(snap).forEach(([table, rows], i) => {
    if (!SAFE_NAME.test(table)) return
    for (const row of rows) {
      const cols = Object.keys(row).filter((c) => SAFE_NAME.test(c))
      const names = cols.map((c) => `"${c}"`).join(', ')
      const values = cols.map((c) => (c === 'deleted_at' ? null : (row[c] ?? null)))
      const sql =
        i === 0
          ? `INSERT INTO ${table} (${names}) VALUES (${cols.map(() => '?').join(', ')}) ON CONFLICT(id) DO UPDATE SET ${cols
              .filter((c) => c !== 'id')
              .map((c) => `"${c}" = excluded."${c}"`)
              .join(', ')}`
          : `INSERT OR IGNORE INTO ${table} (${names}) VALUES (${cols.map(() => '?').join(', ')})`
      statements.push(d1.prepare(sql).bind(...values))
    }
  })
  statements.push(
    d1.prepare('UPDATE audit_log SET restored_at = ? WHERE id = ? AND restored_at IS NULL').bind(Date.now(), auditId),
  )
  await d1.batch(statements)
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
