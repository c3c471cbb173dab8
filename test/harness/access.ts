// Who may make each /v1 call (issue 14 §6), read from the guards on the routes
// (src/worker/features/*/*.routes.ts: `anyone`, `requireUser`, `requireRole(...)`, plus the
// checks a service makes on the ids it is sent). test/harness/access.test.ts holds the Worker
// to this table, and fails when a call of CALLS has no row here (or a row names a call that
// no longer exists): a new call is not done until its row says who may make it.
import { env } from 'cloudflare:test'
import { Role } from '#shared/enums'
import { api } from '../helpers'
import { makePost, makeRoute, makeSymptom, makeUser, unique } from '../factories'
import { bearer, type Person } from './world'

/**
 * - public: anyone, signed in or not.
 * - link-or-user: a visitor holding a signed link (mailed), or a signed-in user for themselves;
 *   a visitor without the link is refused 401, a forged link 403.
 * - user: any signed-in user, about themselves only; a visitor is refused 401.
 * - owner: a signed-in user, about their own rows. `names-id`: the request may name another
 *   user, and a second user naming the first is refused (401/403/404). `always-caller`: any id
 *   sent is ignored, the answer and the rows touched are the caller's own.
 * - admin, publisher, editor (admin or publisher): signed in with one of those roles (SPEC §6);
 *   every other role is refused 403.
 * - psychologist: signed in as a psychologist (SPEC §6 host); every other role is refused 403.
 */
export type AccessClass = 'public' | 'link-or-user' | 'user' | 'owner' | 'admin' | 'publisher' | 'editor' | 'psychologist'

/** The roles that pass each role class (requireRole compares with ===, so no role "includes" another). */
export const ROLES_OF = {
  admin: [Role.admin],
  publisher: [Role.publisher],
  editor: [Role.admin, Role.publisher],
  psychologist: [Role.psychologist], // a psychologist's own agenda and extras (psychologists/psychologists.routes.ts)
} as const satisfies Partial<Record<AccessClass, readonly Role[]>>

export const isRoleClass = (a: AccessClass): a is keyof typeof ROLES_OF => a in ROLES_OF

/** Content the calls can name: a visible route with units and a symptom, and a published post. */
export interface Content {
  routeId: number
  routeSlug: string
  unitId: number
  symptomId: number
  postId: number
  postSlug: string
}

export async function makeContent(): Promise<Content> {
  const symptom = await makeSymptom()
  const route = await makeRoute({ units: 3, symptoms: [{ id: symptom.id, primary: true }] })
  const post = await makePost()
  return { routeId: route.id, routeSlug: route.slug, unitId: route.units[0]!.id, symptomId: symptom.id, postId: post.id, postSlug: post.slug }
}

export interface AccessWorld {
  /** Who makes the call (null: a visitor). */
  caller: Person | null
  /** An account with a password, for the sign-in call. */
  credentials: { email: string; password: string }
  content: Content
}

type Input = Record<string, string>

export interface AccessRow {
  access: AccessClass
  owner?: 'names-id' | 'always-caller'
  /** The guard on the route, and what the service adds. */
  rule: string
  /** A request the allowed caller makes successfully: the query of a GET, the form otherwise. */
  valid: (w: AccessWorld) => Input | Promise<Input>
  /** For link-or-user: the signed link's fields for `p`, as a visitor would send them. */
  link?: (p: Person) => Promise<Input>
  /** Rows of the first user's own, made through the API as them, before a second user calls. */
  prepareFirst?: (first: Person, w: AccessWorld) => Promise<void>
  /** What in the second user's answer would be the first user's (null: nothing). */
  leak?: (body: Record<string, any>, w: AccessWorld) => string | null
}

let n = 0
const fresh = (tag: string) => `${tag}.${++n}.${Date.now().toString(36)}@access.example`
const slug = (tag: string) => unique(tag).toLowerCase().replace(/[^a-z0-9-]/g, '-')

/** The notification-settings link of the welcome mail `p` was sent (features/users/users.service.ts notificationsLink). */
async function notificationsLinkOf(p: Person): Promise<Input> {
  const mail = await env.DB.prepare("SELECT text FROM email_outbox WHERE to_address = ?1 AND template = 'welcome'").bind(p.email).first<{ text: string }>()
  const found = mail && /https?:\/\/\S+disable-notifications\S+/.exec(mail.text)
  if (!found) throw new Error(`no notifications link in the welcome mail of ${p.email}`)
  const url = new URL(found[0])
  return { user_id: url.searchParams.get('user_id') ?? '', signature: url.searchParams.get('signature') ?? '' }
}

/** `p` makes a call (for prepareFirst), and it must be served. */
async function as(p: Person, method: string, path: string, form: Input) {
  const res = await api(path, { method, headers: bearer(p.token), form })
  if (res.status >= 300) throw new Error(`${method} ${path} as the first user: ${res.status} ${await res.text()}`)
}

const insertId = async (sql: string, ...binds: unknown[]) => String((await env.DB.prepare(sql).bind(...binds).first<{ id: number }>())!.id)
const newCategory = (table: 'route_categories' | 'post_categories') => insertId(`INSERT INTO ${table} (language, slug, title) VALUES ('es', ?1, 'Harness') RETURNING id`, slug('cat'))
const newPlan = () => insertId("INSERT INTO plans (language, slug, title) VALUES ('es', ?1, 'Harness plan') RETURNING id", slug('plan'))
const newPair = async () => ({ post_id: String((await makePost()).id), related_post_id: String((await makePost()).id) })


/** A psychologist open to appointments, every day 8:00-20:00 in Madrid, and the next free start (3 days ahead, 10:00). */
async function openHost() {
  const host = await makeUser({ role: Role.psychologist })
  await env.DB.prepare('UPDATE users SET psychologist_open_to_get_appointment = 1, timezone = ?2 WHERE id = ?1').bind(host.id, 'Europe/Madrid').run()
  for (let d = 0; d < 7; d++) {
    await env.DB.prepare('INSERT INTO psychologist_availability (host_id, weekday, start_minute, end_minute, slot_minutes, timezone) VALUES (?1, ?2, 480, 1200, 60, ?3)').bind(host.id, d, 'Europe/Madrid').run()
  }
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
  return { id: host.id, day, start: instantOfMadrid(day, 600 + 60 * (n++ % 9)) }
}
function instantOfMadrid(date: string, minute: number) {
  // Madrid is UTC+1 or UTC+2: try both and keep the one whose Madrid wall clock matches.
  for (const off of [60, 120]) {
    const t = Date.parse(`${date}T00:00:00Z`) + (minute - off) * 60_000
    const wall = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(t)
    if (wall === `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`) return new Date(t).toISOString()
  }
  throw new Error('no Madrid instant')
}
/** An appointment of `guestId` with a host (or hosted by `hostId`), in `status`, starting at `startMs`. */
async function appointmentOf(p: { guestId?: number; hostId?: number; status?: number; startMs?: number }) {
  const other = (await makeUser({ role: Role.psychologist })).id
  const start = p.startMs ?? Date.now() + 5 * 86_400_000 + (n++ % 1000) * 3_600_000
  return insertId('INSERT INTO appointments (guest_id, host_id, status, meeting_channel, start_at, end_at, created_at, updated_at) VALUES (?1, ?2, ?3, 1, ?4, ?5, ?4, ?4) RETURNING id', p.guestId ?? other, p.hostId ?? other, p.status ?? 1, start, start + 3_600_000)
}

export const ACCESS: Record<string, AccessRow> = {
  // appointments/appointments.routes.ts (issue 9): requireUser; every appointment call checks the caller's side
  'GET /v1/appointment/slots': { access: 'user', rule: 'requireUser', valid: async () => { const h = await openHost(); return { host_id: String(h.id), date: h.day, timezone: 'Europe/Madrid' } } },
  'GET /v1/appointments': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; only the caller’s appointments (as guest or host)',
    valid: () => ({ with_relations: 'host|guest', with_properties: 'status|meeting_channel' }),
    prepareFirst: async (first) => void (await appointmentOf({ guestId: first.id })),
    leak: (body) => ((body.appointments as unknown[] | undefined)?.length ? 'an appointment of someone else' : null),
  },
  'POST /v1/appointment': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; books for the caller, with the caller’s phone and credits',
    valid: async (w) => {
      if (w.caller) {
        await env.DB.prepare("UPDATE users SET phone = '+34600000001' WHERE id = ?1").bind(w.caller.id).run()
        await env.DB.prepare("INSERT INTO credit_ledger (user_id, amount_cents, reason, reference) VALUES (?1, 4500, 'seed', ?2)").bind(w.caller.id, `harness:${w.caller.id}:${n++}`).run()
      }
      const h = await openHost()
      return { host_id: String(h.id), start_at: h.start, meeting_channel: '1' }
    },
  },
  'POST /v1/appointment/confirm': { access: 'owner', owner: 'names-id', rule: 'requireUser; the guest or the host of the appointment (else 404)', valid: async (w) => ({ id: await appointmentOf({ guestId: w.caller?.id }) }) },
  'POST /v1/appointment/cancel': { access: 'owner', owner: 'names-id', rule: 'requireUser; the guest or the host (else 404)', valid: async (w) => ({ id: await appointmentOf({ guestId: w.caller?.id }), reason: '1' }) },
  'POST /v1/appointment/close': {
    access: 'owner',
    owner: 'names-id',
    rule: 'requireUser; the host of a confirmed appointment that has started (a guest: 403; someone else: 404)',
    valid: async (w) => ({ id: await appointmentOf({ hostId: w.caller?.id, status: 2, startMs: Date.now() - 3_600_000 }), status: '8' }),
  },
  'POST /v1/appointment/meeting': { access: 'owner', owner: 'names-id', rule: 'requireUser; the host (else 404)', valid: async (w) => ({ id: await appointmentOf({ hostId: w.caller?.id }), meeting_link: 'https://meet.example/abc' }) },
  'GET /v1/appointment/notification': { access: 'owner', owner: 'always-caller', rule: 'requireUser; the caller’s next appointment', valid: () => ({}) },

  // psychologists/psychologists.routes.ts (issue 9 §1): requireRole(psychologist); always the caller's own agenda and extras
  'GET /v1/my/availability': { access: 'psychologist', rule: 'requireRole(psychologist); the caller’s own hours', valid: () => ({}) },
  'POST /v1/my/availability': { access: 'psychologist', rule: 'requireRole(psychologist); replaces the caller’s own hours', valid: () => ({ timezone: 'Europe/Madrid', open: '1', slot_minutes: '60', monday: '09:00-13:00' }) },
  'POST /v1/my/psychologist': { access: 'psychologist', rule: 'requireRole(psychologist); the caller’s own extras', valid: () => ({ degree: 'PhD in Psychology', speaks_in: 'es' }) },

  // tracking/tracking.routes.ts (issue 8 §4): anyone, signed in or not; nothing of another person is answered
  'GET /v1/session': { access: 'public', rule: 'anyone', valid: () => ({ pathname: '/', utm_source: 'harness' }) },
  'POST /v1/track': { access: 'public', rule: 'anyone', valid: () => ({ session_id: crypto.randomUUID(), event: 'page_view', page: '/' }) },
  'POST /v1/translation': { access: 'public', rule: 'anyone', valid: () => ({ text: 'harness.missing_key' }) },

  // content.routes.ts, posts.routes.ts: visitors may read content
  'GET /v1/routes': { access: 'public', rule: 'anyone', valid: () => ({ per_page: '2' }) },
  'GET /v1/symptoms': { access: 'public', rule: 'anyone', valid: () => ({ per_page: '2' }) },
  'GET /v1/posts': { access: 'public', rule: 'anyone', valid: () => ({ per_page: '2' }) },

  // content/manage.routes.ts: `editors` = requireRole(admin, publisher), `admins` = requireRole(admin)
  'POST /v1/route': { access: 'editor', rule: 'editors', valid: () => ({ language: 'es', slug: slug('ruta'), title: 'Harness route' }) },
  'DELETE /v1/route': { access: 'editor', rule: 'editors', valid: async () => ({ id: String((await makeRoute()).id) }) },
  'POST /v1/route/symptom/assign': { access: 'editor', rule: 'editors', valid: async (w) => ({ route_id: String(w.content.routeId), symptom_id: String((await makeSymptom()).id) }) },
  'DELETE /v1/route/symptom/unassign': {
    access: 'editor',
    rule: 'editors',
    valid: async () => {
      const s = await makeSymptom()
      return { route_id: String((await makeRoute({ symptoms: [{ id: s.id }] })).id), symptom_id: String(s.id) }
    },
  },
  'POST /v1/route/symptom/apply/primary': {
    access: 'editor',
    rule: 'editors',
    valid: async () => {
      const s = await makeSymptom()
      return { route_id: String((await makeRoute({ symptoms: [{ id: s.id }] })).id), symptom_id: String(s.id) }
    },
  },
  'GET /v1/route/categories': { access: 'public', rule: 'anyone', valid: () => ({}) },
  'POST /v1/route/category': { access: 'editor', rule: 'editors', valid: () => ({ language: 'es', slug: slug('cat'), title: 'Harness category' }) },
  'DELETE /v1/route/category': { access: 'editor', rule: 'editors', valid: async () => ({ id: await newCategory('route_categories') }) },
  'GET /v1/route/symptoms': { access: 'public', rule: 'anyone', valid: (w) => ({ route_id: String(w.content.routeId) }) },
  'GET /v1/route/properties': { access: 'admin', rule: 'admins', valid: () => ({}) },
  'POST /v1/symptom': { access: 'editor', rule: 'editors', valid: () => ({ language: 'es', slug: slug('sintoma'), title: 'Harness symptom' }) },
  'DELETE /v1/symptom': { access: 'editor', rule: 'editors', valid: async () => ({ id: String((await makeSymptom()).id) }) },

  // plans/plans.routes.ts: lists for anyone, the caller's own plans and status, `admins` = requireRole(admin)
  'GET /v1/plans': { access: 'public', rule: 'anyone', valid: () => ({ per_page: '2' }) },
  'GET /v1/my/plans': { access: 'owner', owner: 'always-caller', rule: 'requireUser; the caller’s own assignments', valid: () => ({ per_page: '2' }) },
  'GET /v1/my/plan/status': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; only a plan assigned to the caller (else 404)',
    valid: async (w) => {
      const planId = await newPlan()
      if (w.caller) await env.DB.prepare('INSERT INTO plan_assignments (plan_id, user_id) VALUES (?1, ?2)').bind(Number(planId), w.caller.id).run()
      return { plan_id: planId }
    },
  },
  'POST /v1/plan': { access: 'admin', rule: 'admins', valid: () => ({ language: 'es', slug: slug('plan'), title: 'Harness plan' }) },
  'DELETE /v1/plan': { access: 'admin', rule: 'admins', valid: async () => ({ id: await newPlan() }) },
  'POST /v1/plan/setting': {
    access: 'admin',
    rule: 'admins',
    valid: async (w) => {
      const planId = await newPlan()
      await env.DB.prepare('INSERT INTO plan_routes (plan_id, route_id) VALUES (?1, ?2)').bind(Number(planId), w.content.routeId).run()
      return { plan_id: planId, route_id: String(w.content.routeId), waiting_time_hours: '1' }
    },
  },
  'POST /v1/plan/assign': { access: 'admin', rule: 'admins', valid: async () => ({ plan_id: await newPlan(), user_id: String((await makeUser()).id) }) },
  'DELETE /v1/plan/assign': {
    access: 'admin',
    rule: 'admins',
    valid: async () => {
      const planId = await newPlan()
      const userId = (await makeUser()).id
      await env.DB.prepare('INSERT INTO plan_assignments (plan_id, user_id) VALUES (?1, ?2)').bind(Number(planId), userId).run()
      return { plan_id: planId, user_id: String(userId) }
    },
  },
  'POST /v1/plan/route': { access: 'admin', rule: 'admins', valid: async (w) => ({ plan_id: await newPlan(), route_id: String(w.content.routeId) }) },
  'DELETE /v1/plan/route': {
    access: 'admin',
    rule: 'admins',
    valid: async (w) => {
      const planId = await newPlan()
      await env.DB.prepare('INSERT INTO plan_routes (plan_id, route_id) VALUES (?1, ?2)').bind(Number(planId), w.content.routeId).run()
      return { plan_id: planId, route_id: String(w.content.routeId) }
    },
  },

  // content/likes.routes.ts: stats for anyone, likes are the caller's own
  'GET /v1/route/stats': { access: 'public', rule: 'anyone (liked_by_me is the caller’s)', valid: (w) => ({ route: String(w.content.routeId) }) },
  'GET /v1/post/stats': { access: 'public', rule: 'anyone (liked_by_me is the caller’s)', valid: (w) => ({ post: String(w.content.postId) }) },
  'POST /v1/route/update/like': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; toggles the caller’s own like',
    valid: (w) => ({ route_id: String(w.content.routeId) }),
    prepareFirst: (first, w) => as(first, 'POST', '/v1/route/update/like', { route_id: String(w.content.routeId) }),
  },
  'POST /v1/post/update/like': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; toggles the caller’s own like',
    valid: (w) => ({ post_id: String(w.content.postId) }),
    prepareFirst: (first, w) => as(first, 'POST', '/v1/post/update/like', { post_id: String(w.content.postId) }),
  },
  'GET /v1/routes/liked_by_me': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s likes only',
    valid: () => ({}),
    prepareFirst: (first, w) => as(first, 'POST', '/v1/route/update/like', { route_id: String(w.content.routeId) }),
    leak: (body, w) => ((body.routes ?? []).some((r: { id: number }) => r.id === w.content.routeId) ? 'a route only the first user liked' : null),
  },

  // playback/playback.routes.ts
  'GET /v1/route/units': {
    access: 'public',
    rule: 'anyone; each unit’s state is the caller’s',
    valid: (w) => ({ route: String(w.content.routeId) }),
    prepareFirst: (first, w) => as(first, 'POST', '/v1/unit/progress', { unit_id: String(w.content.unitId), position: '37' }),
    leak: (body, w) => ((body.units ?? []).some((u: { id: number; position: number }) => u.id === w.content.unitId && u.position === 37) ? 'the first user’s position in a unit' : null),
  },
  'POST /v1/unit/progress': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s own progress',
    valid: (w) => ({ unit_id: String(w.content.unitId), position: '12' }),
    prepareFirst: (first, w) => as(first, 'POST', '/v1/unit/progress', { unit_id: String(w.content.unitId), position: '37' }),
    leak: (body) => (body.unit?.position === 37 ? 'the first user’s position' : null),
  },

  // posts/manage.routes.ts: `editors` = requireRole(admin, publisher)
  'POST /v1/post': { access: 'editor', rule: 'editors', valid: () => ({ language: 'es', slug: slug('post'), title: 'Harness post' }) },
  'DELETE /v1/post': { access: 'editor', rule: 'editors', valid: async () => ({ id: String((await makePost()).id) }) },
  'GET /v1/post/correlations': { access: 'editor', rule: 'editors', valid: (w) => ({ post_id: String(w.content.postId) }) },
  'POST /v1/post/correlation': { access: 'editor', rule: 'editors', valid: newPair },
  'DELETE /v1/post/correlation': {
    access: 'editor',
    rule: 'editors',
    valid: async () => {
      const pair = await newPair()
      await env.DB.prepare('INSERT INTO post_correlations (post_id, related_post_id) VALUES (?1, ?2)').bind(pair.post_id, pair.related_post_id).run()
      return pair
    },
  },
  'GET /v1/post/categories': { access: 'public', rule: 'anyone', valid: () => ({}) },
  'POST /v1/post/category': { access: 'editor', rule: 'editors', valid: () => ({ language: 'es', slug: slug('cat'), title: 'Harness category' }) },
  'DELETE /v1/post/category': { access: 'editor', rule: 'editors', valid: async () => ({ id: await newCategory('post_categories') }) },

  // users/users.routes.ts
  'POST /v1/user': { access: 'public', rule: 'anyone + captcha (register)', valid: () => ({ email: fresh('register'), legal_age: '1' }) },
  'POST /v1/user/authenticate': { access: 'public', rule: 'anyone (sign in)', valid: (w) => ({ email: w.credentials.email, password: w.credentials.password }) },
  'POST /v1/user/recover/password': { access: 'public', rule: 'anyone + captcha; same answer for any email', valid: () => ({ email: fresh('recover') }) },
  'GET /v1/users/psychologists': { access: 'public', rule: 'anyone; no email or phone', valid: () => ({ per_page: '2' }) },
  'POST /v1/user/logout': { access: 'user', rule: 'requireUser; ends the caller’s own session', valid: () => ({}) },
  'GET /v1/user/permissions': { access: 'user', rule: 'requireUser; the caller’s own permissions', valid: () => ({}) },
  'GET /v1/user': { access: 'owner', owner: 'always-caller', rule: 'requireUser; any id is ignored', valid: () => ({}) },
  'POST /v1/user/update': { access: 'owner', owner: 'always-caller', rule: 'requireUser; ids are dropped by the schema', valid: () => ({ name: 'Renamed By Caller' }) },
  'GET /v1/user/export': { access: 'owner', owner: 'always-caller', rule: 'requireUser; the caller’s rows only', valid: () => ({}) },
  'DELETE /v1/user': { access: 'owner', owner: 'names-id', rule: 'requireUser + captcha; another id: admins only (403)', valid: () => ({}) },
  'DELETE /v1/user/notifications/delete': {
    access: 'link-or-user',
    owner: 'names-id',
    rule: 'anyone; the service wants the signed link (user_id + signature) or a session for the caller',
    valid: () => ({}),
    link: notificationsLinkOf,
  },
  'GET /v1/users': { access: 'admin', rule: 'requireRole(Role.admin); shows emails', valid: () => ({ per_page: '2' }) },

  // forms/forms.routes.ts: the public forms, anyone + captcha (issue 8 §3)
  'POST /v1/contact': { access: 'public', rule: 'anyone + captcha; once an hour per email', valid: () => ({ email: fresh('contact'), reason: 'other', description: 'A message from the harness.' }) },
  'POST /v1/letstalk': { access: 'public', rule: 'anyone + captcha', valid: () => ({ email: fresh('letstalk'), name: 'Ana Harness', phone: '+34612345678', preferred_time: 'morning' }) },
  'POST /v1/feedback': { access: 'public', rule: 'anyone + captcha', valid: () => ({ email: fresh('feedback'), usage_frequency: '1', recommendation_score: '8' }) },
  'POST /v1/suggestion': { access: 'public', rule: 'anyone + captcha', valid: () => ({ keyword: 'harness topic', notify: '1', email: fresh('suggestion') }) },
}
