// The admin's lists (SPEC §10): a page of any list, hidden rows included, and the events'
// CSV export. Which table, columns, search and filters each list reads is the LISTS table
// below; nothing of a request reaches the SQL text but bound values.
import type { ListQuery } from '#shared/contract/list'
import { ADMIN_LIST_ROWS, type AdminListName, type AdminListRow } from '#shared/contract/admin.rows'
import type { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, rowsIn } from '#worker/db/query'
import { anyRow, countRow, withValues, type Value } from './admin.sql'

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
    select: `a.id, a.created_at, u.email AS actor, u.name AS actor_name, a.actor_role, a.action, a.entity, a.entity_id, a.restored_at, substr(a.before, 1, 12000) AS before, substr(a.after, 1, 12000) AS after`,
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
