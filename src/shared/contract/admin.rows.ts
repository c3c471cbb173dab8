// What each admin list and write answers, one schema per entity (issue 24 §2: no more
// `Record<string, scalar>`). The columns are the admin repo's selects (features/admin/lists.repo.ts
// LISTS) one for one: test/admin/admin-rows.test.ts parses every answer strictly, so a column
// added on one side only fails there. Lists answer times (`*_at`) as ISO text, flags as 0/1 and
// JSON columns as their text.
import { z } from './zod'

const int = z.number().int()
const text = z.string()
const maybeText = text.nullable()
const maybeInt = int.nullable()
/** SPEC §7: booleans travel as 0/1. */
const flag = int
/** An instant as ISO text (the lists turn `*_at` columns into text). */
const when = text
const maybeWhen = text.nullable()

/** The columns every content list shares. */
const content = { id: int, language: text, slug: text, title: text, status: int }

export const adminRouteRow = z.object({
  ...content,
  is_public: flag,
  is_active: flag,
  category_id: maybeInt,
  order: int,
  needs_appointment: flag,
  tag: maybeText,
  seo_title: maybeText,
  seo_description: maybeText,
  description: maybeText,
  image_cover: maybeText,
  image_square: maybeText,
  updated_at: when,
  units_count: int,
})
export const adminPostRow = z.object({
  ...content,
  author: maybeText,
  category_id: maybeInt,
  tag: maybeText,
  /** The JSON text of the tags. */
  tags: maybeText,
  description: maybeText,
  index: flag,
  time_for_reading: maybeInt,
  image_cover: maybeText,
  published_at: maybeWhen,
  updated_at: when,
})
export const adminSymptomRow = z.object({
  ...content,
  seo_title: maybeText,
  seo_description: maybeText,
  routes_count: int,
})
export const adminPlanRow = z.object({
  ...content,
  visibility: int,
  category: maybeText,
  description: maybeText,
  timeout_hours: maybeInt,
  next_plan_id: maybeInt,
  routes_count: int,
  users_count: int,
})
/** A route of a plan with its locks (SPEC §4). */
export const adminPlanRouteRow = z.object({
  id: int,
  plan_id: int,
  route_id: int,
  title: text,
  slug: text,
  order: int,
  waiting_time_hours: int,
  need_appointment: flag,
  need_finished_appointment: flag,
})
/** A person a plan is assigned to. */
export const adminPlanUserRow = z.object({
  id: int,
  plan_id: int,
  user_id: int,
  name: maybeText,
  email: maybeText,
  assigned_at: when,
  finished_at: maybeWhen,
})
export const adminUnitRow = z.object({
  id: int,
  route_id: int,
  order: int,
  status: int,
  title: text,
  description: maybeText,
  kind: text,
  media_key: maybeText,
  cover_key: maybeText,
  duration_seconds: maybeInt,
  credits_creator: maybeText,
  credits_dubbing: maybeText,
  credits_interpretation: maybeText,
  credits_author: maybeText,
})
export const adminFileRow = z.object({
  id: int,
  title: maybeText,
  type: text,
  tag: maybeText,
  size: int,
  r2_key: text,
  content_type: maybeText,
  created_at: when,
})
/** One audit row: who did what to which entity, with the first 2,000 characters of the JSON before and after. */
export const adminAuditRow = z.object({
  id: int,
  created_at: when,
  actor: maybeText,
  /** The actor's name (the email is `actor`). */
  actor_name: maybeText,
  actor_role: maybeInt,
  action: text,
  entity: text,
  entity_id: maybeInt,
  restored_at: maybeWhen,
  before: maybeText,
  after: maybeText,
  /** The names (or emails) of the people the snapshots name by id, by id (issue 42 §9). */
  people: z.record(z.string(), z.string()).optional(),
})
/** A tracked usage event; `params` is its JSON text. */
export const adminEventRow = z.object({
  id: int,
  created_at: when,
  event: text,
  page: maybeText,
  session_id: text,
  user_id: maybeInt,
  params: maybeText,
})
/** A person as the admin edits them (SPEC §6), with the ledger's balance. */
export const adminUserRow = z.object({
  id: int,
  name: maybeText,
  email: maybeText,
  role: int,
  subscriber: flag,
  language: text,
  country_code: maybeText,
  psychologist_open_to_get_appointment: flag,
  degree: maybeText,
  nationality: maybeText,
  located_at: maybeText,
  credits_cents: int,
})
/** A property (SPEC §2 "property editing") as written; `updated_at` in UTC milliseconds, as stored. */
export const adminPropertyRow = z.object({
  id: int,
  key: text,
  value: maybeText,
  description: maybeText,
  updated_at: int,
})

export type AdminUnitRow = z.infer<typeof adminUnitRow>
export type AdminFileRow = z.infer<typeof adminFileRow>
export type AdminUserRow = z.infer<typeof adminUserRow>
export type AdminPropertyRow = z.infer<typeof adminPropertyRow>

/** Each admin list's row schema, by the list's name in the admin repo (LISTS). */
export const ADMIN_LIST_ROWS = {
  routes: adminRouteRow,
  posts: adminPostRow,
  symptoms: adminSymptomRow,
  plans: adminPlanRow,
  plan_routes: adminPlanRouteRow,
  plan_users: adminPlanUserRow,
  units: adminUnitRow,
  files: adminFileRow,
  audit: adminAuditRow,
  events: adminEventRow,
} as const
export type AdminListName = keyof typeof ADMIN_LIST_ROWS
/** A row of list `N`. */
export type AdminListRow<N extends AdminListName> = z.infer<(typeof ADMIN_LIST_ROWS)[N]>
