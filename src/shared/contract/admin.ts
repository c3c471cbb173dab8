// The bundled admin's own calls (issue 12; SPEC §2 "Admin screens", §6 Admin and Publisher).
// The editors' writes of each entity are their domain's calls (content.manage, posts.manage,
// plans); what the admin adds: lists that include hidden and private rows, units, the users'
// admin fields and credit adjustments, the audit trail with restore, usage events, the sitemap.
// Who may make each: docs/API.md "Admin".
import { z } from './zod'
import { get, post } from './call'
import { envelope } from './common'
import { bool01, contentStatusField, idField, int, languageField, line, paragraph, searchField } from './fields'
import { listSchema, paginationSchema } from './list'
import { editCalls } from './content.manage'
import { ADMIN_LIST_ROWS, adminPropertyRow, adminUnitRow, adminUserRow, type AdminListName } from './admin.rows'

export * from './admin.rows'

const id = idField

/** A page of list `N`: its typed rows (admin.rows.ts) and the pagination. */
const rows = <N extends AdminListName>(name: N) =>
  envelope({ rows: z.array(ADMIN_LIST_ROWS[name] as (typeof ADMIN_LIST_ROWS)[N]), pagination: paginationSchema })

const ISO_DAY_OR_INSTANT = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/
const isoText = z
  .string()
  .trim()
  .max(40)
  .refine((v) => ISO_DAY_OR_INSTANT.test(v) && !Number.isNaN(Date.parse(v)), { error: 'validation.date' })
/** An ISO day or instant (filter `from`). */
export const dayField = isoText.transform((v) => new Date(v))
/** The same as `to`: a day given alone means up to the end of that day (UTC). */
const untilField = isoText.transform((v) => new Date(Date.parse(v) + (/^\d{4}-\d{2}-\d{2}$/.test(v) ? 86_399_999 : 0)))

const contentFilters = {
  search: searchField.optional(),
  language: languageField.optional(),
  status: contentStatusField.optional(),
}

export const adminRoutesQuery = listSchema({
  filters: contentFilters,
  orderBy: ['id', 'title', 'slug', 'order', 'updated_at'],
  defaultOrder: 'id desc',
})
export const adminPostsQuery = listSchema({
  filters: contentFilters,
  orderBy: ['id', 'title', 'slug', 'published_at', 'updated_at'],
  defaultOrder: 'id desc',
})
export const adminSymptomsQuery = listSchema({
  filters: contentFilters,
  orderBy: ['id', 'title', 'slug'],
  defaultOrder: 'id desc',
})
export const adminPlansQuery = listSchema({
  filters: contentFilters,
  orderBy: ['id', 'title', 'slug'],
  defaultOrder: 'id desc',
})
export const adminUnitsQuery = listSchema({
  filters: { route_id: id.optional(), search: searchField.optional() },
  orderBy: ['order', 'id', 'title'],
  defaultOrder: 'order asc',
})
export const adminFilesQuery = listSchema({
  filters: { search: searchField.optional(), type: z.enum(['cover', 'audio', 'video']).optional() },
  orderBy: ['id', 'title', 'size'],
  defaultOrder: 'id desc',
})
export const planRoutesQuery = listSchema({
  filters: { plan_id: id.optional() },
  orderBy: ['order', 'id'],
  defaultOrder: 'order asc',
})
export const planUsersQuery = listSchema({
  filters: { plan_id: id.optional(), search: searchField.optional() },
  orderBy: ['assigned_at', 'id'],
  defaultOrder: 'assigned_at desc',
})
export const auditQuery = listSchema({
  filters: { search: searchField.optional(), entity: line(40).optional() },
  orderBy: ['id', 'created_at'],
  defaultOrder: 'id desc',
})
const eventFilters = {
  event: line(80).optional(),
  page: line(300).optional(),
  from: dayField.optional(),
  to: untilField.optional(),
  search: searchField.optional(),
}
export const eventsQuery = listSchema({
  filters: eventFilters,
  orderBy: ['id', 'created_at', 'event'],
  defaultOrder: 'id desc',
})

export const listAdminRoutes = get('/admin/routes', adminRoutesQuery, rows('routes'))
export const listAdminPosts = get('/admin/posts', adminPostsQuery, rows('posts'))
export const listAdminSymptoms = get('/admin/symptoms', adminSymptomsQuery, rows('symptoms'))
export const listAdminPlans = get('/admin/plans', adminPlansQuery, rows('plans'))
export const listAdminUnits = get('/admin/units', adminUnitsQuery, rows('units'))
export const listAdminFiles = get('/admin/files', adminFilesQuery, rows('files'))
/** A plan's routes in order with their lock settings (changed with POST /v1/plan/setting). */
export const listPlanRoutes = get('/admin/plan/routes', planRoutesQuery, rows('plan_routes'))
/** The people a plan is assigned to. */
export const listPlanUsers = get('/admin/plan/users', planUsersQuery, rows('plan_users'))
export const listAudit = get('/admin/audit', auditQuery, rows('audit'))
export const listEvents = get('/admin/events', eventsQuery, rows('events'))
/** The same filters as the list, the matching events as CSV text (at most EXPORT_MAX_ROWS). */
export const exportEvents = get(
  '/admin/events/export',
  z.object(eventFilters),
  envelope({ csv: z.string(), rows: z.number().int() }),
)
export const EXPORT_MAX_ROWS = 10_000

// ── Units (SPEC §3 Unit: status, order, credits creator, dubbing, interpretation, author) ─────

export const unitForm = z.object({
  id: id.optional(),
  route_id: id.optional(),
  title: line(200).optional(),
  description: paragraph(2000).optional(),
  kind: z.enum(['audio', 'video'], { error: 'validation.choice' }).optional(),
  status: contentStatusField.optional(),
  media_key: line(500).optional(),
  cover_key: line(500).optional(),
  duration_seconds: int({ min: 0, max: 86_400 }).optional(),
  credits_creator: line(200).optional(),
  credits_dubbing: line(200).optional(),
  credits_interpretation: line(200).optional(),
  credits_author: line(200).optional(),
})
export type UnitForm = z.output<typeof unitForm>
export const { save: saveUnit, remove: deleteUnit } = editCalls('/unit', unitForm, 'unit', adminUnitRow, {
  updated: 'admin.messages.unit_updated',
  created: 'admin.messages.unit_created',
  deleted: 'admin.messages.unit_deleted',
})
/** The arrows of the route editor: swap a unit with its neighbour. */
export const moveUnit = post(
  '/unit/move',
  z.object({ id, direction: z.enum(['up', 'down'], { error: 'validation.choice' }) }),
  envelope({ rows: z.array(adminUnitRow) }),
  { message: 'admin.messages.unit_moved' },
)

// ── Users (SPEC §6 Admin: role, subscriber, credits, plans, psychologist fields) ──────────────

export const adminUserForm = z.object({
  id,
  role: z
    .union([z.literal([1, 2, 4, 8, 9, 16, 32]), z.enum(['1', '2', '4', '8', '9', '16', '32'])], {
      error: 'validation.choice',
    })
    .transform(Number)
    .optional(),
  subscriber: bool01.optional(),
  name: line(100).optional(),
  psychologist_open_to_get_appointment: bool01.optional(),
  degree: line(120).optional(),
  nationality: line(60).optional(),
  located_at: line(60).optional(),
})
export type AdminUserForm = z.output<typeof adminUserForm>
export const saveAdminUser = post('/admin/user', adminUserForm, envelope({ user: adminUserRow }), {
  message: 'admin.messages.user_updated',
})
/** A credit adjustment: a credit_ledger row, reason 'admin_adjustment', with the admin's text. */
export const adjustCredits = post(
  '/admin/user/credits',
  z.object({
    user_id: id,
    amount_cents: int({ min: -10_000_000, max: 10_000_000 }).refine((n) => n !== 0, { error: 'validation.invalid' }),
    reason: line(300),
  }),
  envelope({ credits_cents: z.number().int() }),
  { message: 'admin.users.adjusted' },
)

// ── Properties (SPEC §2 "property editing"; read with GET /v1/route/properties) ──────────────

export const propertyForm = z.object({
  id: id.optional(),
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_.-]{0,79}$/, { error: 'validation.invalid' })
    .optional(),
  value: paragraph(5000).optional(),
  description: line(300).optional(),
})
export type PropertyForm = z.output<typeof propertyForm>
export const { save: saveProperty, remove: deleteProperty } = editCalls(
  '/route/property',
  propertyForm,
  'property',
  adminPropertyRow,
  {
    updated: 'admin.messages.property_updated',
    created: 'admin.messages.property_created',
    deleted: 'admin.messages.property_deleted',
  },
)

// ── Audit, restore, sitemap ──────────────────────────────────────────────────────────────────

/** A deleted route, post or plan comes back for RESTORE_DAYS after its deletion. */
export const RESTORE_DAYS = 30
export const restoreDeleted = post(
  '/admin/restore',
  z.object({ audit_id: id }),
  envelope({ entity: z.string(), id: z.number().int() }),
  { message: 'admin.audit.restored' },
)
export const regenerateSitemap = post('/admin/sitemap', z.object({}), envelope({ urls: z.number().int() }), {
  message: 'admin.sitemap.regenerated',
})

// ── Outside helpers (SPEC §7) ────────────────────────────────────────────────────────────────

export const updateImageUsingUnsplash = post(
  '/post/update_image_using_unsplash',
  z.object({ id }),
  envelope({ image_cover: z.string() }),
  { message: 'admin.posts.unsplash_done' },
)
export const aiForPost = get(
  '/ai/post/:target',
  z.object({ post_id: id.optional(), prompt: paragraph(2000).optional() }),
  envelope({ response: z.string() }),
)

/** The admin page's data: who is looking, so the screens offered match what the server allows. */
export const adminPageData = z.object({ role: z.number().int(), screens: z.array(z.string()) })
export type AdminPageData = z.infer<typeof adminPageData>

export const adminCalls = [
  listAdminRoutes,
  listAdminPosts,
  listAdminSymptoms,
  listAdminPlans,
  listPlanRoutes,
  listPlanUsers,
  listAdminUnits,
  listAdminFiles,
  listAudit,
  listEvents,
  exportEvents,
  saveUnit,
  deleteUnit,
  moveUnit,
  saveAdminUser,
  adjustCredits,
  saveProperty,
  deleteProperty,
  restoreDeleted,
  regenerateSitemap,
  updateImageUsingUnsplash,
  aiForPost,
] as const
