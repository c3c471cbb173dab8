// Who may make each /v1 call (issue 14 §6), read from the guards on the routes
// (src/worker/features/*/*.routes.ts: `anyone`, `requireUser`, `requireRole(...)`, plus the
// checks a service makes on the ids it is sent). test/harness/access.test.ts holds the Worker
// to this table, and fails when a call of CALLS has no row here (or a row names a call that
// no longer exists): a new call is not done until its row says who may make it.
import { env } from 'cloudflare:test'
import { Role } from '#shared/enums'
import { api, userChanged } from '../helpers'
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
export type AccessClass =
  | 'public'
  | 'link-or-user'
  | 'user'
  | 'owner'
  | 'admin'
  | 'publisher'
  | 'editor'
  | 'psychologist'

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
  return {
    routeId: route.id,
    routeSlug: route.slug,
    unitId: route.units[0]!.id,
    symptomId: symptom.id,
    postId: post.id,
    postSlug: post.slug,
  }
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
  /** An admin's call whose purpose is changing another user's row (role, name…): the fuzz lets the role holder's success change it. */
  changesOtherUsers?: boolean
  /**
   * For owner rows: the role the caller holds to be served about their own rows (a host's
   * calls need the psychologist role now: docs/API.md "Appointments"); a patient otherwise.
   */
  selfRole?: Role
}

let n = 0
const fresh = (tag: string) => `${tag}.${++n}.${Date.now().toString(36)}@access.example`
const slug = (tag: string) =>
  unique(tag)
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')

/** The notification-settings link of the welcome mail `p` was sent (features/notifications/unsubscribe.ts notificationsLink). */
async function notificationsLinkOf(p: Person): Promise<Input> {
  const mail = await env.DB.prepare("SELECT text FROM email_outbox WHERE to_address = ?1 AND template = 'welcome'")
    .bind(p.email)
    .first<{ text: string }>()
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

/** A browser's subscription as a form (fixed keys of the right sizes: the harness never sends a push). */
const pushForm = (path: string) => ({
  // A push service host the test settings allow (PUSH_SERVICE_HOSTS), and a point of P-256 (any
  // will do: this one is the dev VAPID public key).
  endpoint: `https://push.fake.example/harness/${path}`,
  'keys[p256dh]': 'BL5nodzmDp_mphdPHRGVQ8FbwXTphmwPDMbveSjYTlPZytC18ucrikdsqc10AziwC5eqpfBPiWZ9l6Nycw96Nhs',
  'keys[auth]': 'A'.repeat(22),
})

const insertId = async (sql: string, ...binds: unknown[]) =>
  String(
    (await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ id: number }>())!.id,
  )
const newCategory = (table: 'route_categories' | 'post_categories') =>
  insertId(`INSERT INTO ${table} (language, slug, title) VALUES ('es', ?1, 'Harness') RETURNING id`, slug('cat'))
const newPlan = () =>
  insertId("INSERT INTO plans (language, slug, title) VALUES ('es', ?1, 'Harness plan') RETURNING id", slug('plan'))
/** An active monthly subscription of `userId` (as a paid checkout leaves it). */
const activeSubscriptionOf = (userId: number) =>
  insertId(
    "INSERT INTO subscriptions (user_id, title, type, status, interval, item, stripe_subscription_id, end_at) VALUES (?1, 'Calma monthly', 1, 1, 'month', 'monthly', ?2, ?3) RETURNING id",
    userId,
    `sub_local_${slug('h')}`,
    Date.now() + 20 * 86_400_000,
  )
/** A paid credit pack of `userId`, with the credits it gave. */
async function paymentOf(userId: number) {
  const id = await insertId(
    // As a paid checkout writes it (checkout.events.ts): the payment and its grant share one key,
    // which an approval needs to take the credits back (decision 037).
    "INSERT INTO transactions (user_id, amount_cents, credit_cents, kind, provider, provider_ref, payment_intent, item, status, grant_key) VALUES (?1, 4500, 4500, 'topup', 'stripe', ?2, ?3, 'credits_1', 'succeeded', 'checkout:' || ?2) RETURNING id",
    userId,
    `cs_local_${slug('h')}`,
    `pi_local_${slug('h')}`,
  )
  await env.DB.prepare(
    "INSERT INTO credit_ledger (user_id, amount_cents, reason, reference, payment_key) SELECT user_id, 4500, 'topup', grant_key, grant_key FROM transactions WHERE id = ?1",
  )
    .bind(id)
    .run()
  return id
}
/** A pending refund request of a new person's paid pack (admins resolve it). */
async function pendingRefund(_caller?: number) {
  const owner = await makeUser()
  const tx = await paymentOf(owner.id)
  return insertId(
    "INSERT INTO refund_requests (user_id, transaction_id, reason, status) VALUES (?1, ?2, 'harness', 'pending') RETURNING id",
    owner.id,
    Number(tx),
  )
}
const newPair = async () => ({ post_id: String((await makePost()).id), related_post_id: String((await makePost()).id) })

/** An R2 multipart upload as POST /v1/file/upload opens it. */
async function openUpload() {
  const key = `uploads/audio/${crypto.randomUUID()}.mp3`
  const u = await env.MEDIA.createMultipartUpload(key)
  return { key, upload_id: u.uploadId }
}

/** A post deleted through the API's rules (soft), and its audit row as the admin's DELETE writes it. */
async function deletedPostAudit() {
  const post = await makePost()
  const row = await env.DB.prepare('SELECT * FROM posts WHERE id = ?1').bind(post.id).first()
  await env.DB.prepare('UPDATE posts SET deleted_at = ?2 WHERE id = ?1').bind(post.id, Date.now()).run()
  return insertId(
    "INSERT INTO audit_log (action, entity, entity_id, before) VALUES ('DELETE /v1/post', 'post', ?1, ?2) RETURNING id",
    post.id,
    JSON.stringify({ posts: [row] }),
  )
}

/** Unsplash and the AI API configured and answered at fetch (tests never reach the network). */
function fakeOutside() {
  const e = env as unknown as Record<string, string | undefined>
  e.UNSPLASH_ACCESS_KEY = 'harness'
  e.AI_API_KEY = 'harness'
  const g = globalThis as { fetch: typeof fetch; __outsideFaked?: boolean }
  if (g.__outsideFaked) return
  g.__outsideFaked = true
  const real = g.fetch
  g.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.startsWith('https://api.unsplash.com/'))
      return Response.json({ results: [{ urls: { raw: 'https://images.unsplash.com/photo-harness?x=1' } }] })
    if (url.startsWith('https://api.openai.com/'))
      return Response.json({ choices: [{ message: { content: 'A harness answer' } }] })
    return real(input as RequestInfo, init)
  }
}

/** A psychologist open to appointments, every day 8:00-20:00 in Madrid, and the next free start (3 days ahead, 10:00). */
async function openHost() {
  const host = await makeUser({ role: Role.psychologist })
  await env.DB.prepare('UPDATE users SET psychologist_open_to_get_appointment = 1, timezone = ?2 WHERE id = ?1')
    .bind(host.id, 'Europe/Madrid')
    .run()
  await userChanged(host.id)
  for (let d = 0; d < 7; d++) {
    await env.DB.prepare(
      'INSERT INTO psychologist_availability (host_id, weekday, start_minute, end_minute, slot_minutes, timezone) VALUES (?1, ?2, 480, 1200, 60, ?3)',
    )
      .bind(host.id, d, 'Europe/Madrid')
      .run()
  }
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
  return { id: host.id, day, start: instantOfMadrid(day, 600 + 60 * (n++ % 9)) }
}
function instantOfMadrid(date: string, minute: number) {
  // Madrid is UTC+1 or UTC+2: try both and keep the one whose Madrid wall clock matches.
  for (const off of [60, 120]) {
    const t = Date.parse(`${date}T00:00:00Z`) + (minute - off) * 60_000
    const wall = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Madrid',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(t)
    if (wall === `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`)
      return new Date(t).toISOString()
  }
  throw new Error('no Madrid instant')
}
/** An appointment of `guestId` with a host (or hosted by `hostId`), in `status`, starting at `startMs`. */
async function appointmentOf(p: { guestId?: number; hostId?: number; status?: number; startMs?: number }) {
  const other = (await makeUser({ role: Role.psychologist })).id
  const start = p.startMs ?? Date.now() + 5 * 86_400_000 + (n++ % 1000) * 3_600_000
  return insertId(
    'INSERT INTO appointments (guest_id, host_id, status, meeting_channel, start_at, end_at, created_at, updated_at) VALUES (?1, ?2, ?3, 1, ?4, ?5, ?4, ?4) RETURNING id',
    p.guestId ?? other,
    p.hostId ?? other,
    p.status ?? 1,
    start,
    start + 3_600_000,
  )
}

/** `person` has a session to come with a new psychologist and shares check-ins with them. */
async function sharedWith(person: Person) {
  const hostId = (await makeUser({ role: Role.psychologist })).id
  const session = await appointmentOf({ guestId: person.id, hostId })
  await env.DB.prepare('INSERT OR IGNORE INTO shares (user_id, host_id, checkins) VALUES (?1, ?2, 1)')
    .bind(person.id, hostId)
    .run()
  return { hostId, session }
}

/** A safety plan as the form sends it (the six steps as JSON), naming one warning sign. */
const safetyPlanOf = (sign: string) =>
  JSON.stringify({
    warning_signs: [sign],
    coping: [],
    distractions: [],
    people: [],
    professionals: [],
    environment: [],
  })

/** A reward `userId` has earned and not claimed (issue 11), made directly: the id to claim. */
async function rewardOf(userId: number | undefined) {
  const reward = await insertId(
    "INSERT INTO rewards (key, type_title, level_id, level_title, category, threshold) VALUES ('harness', 'Harness', ?1, 'Level', 'milestone', 1) RETURNING id",
    100 + n++,
  )
  if (userId)
    await env.DB.prepare('INSERT INTO user_rewards (user_id, reward_id) VALUES (?1, ?2)').bind(userId, reward).run()
  return reward
}

export const ACCESS: Record<string, AccessRow> = {
  // appointments/appointments.routes.ts (issue 9): requireUser; every appointment call checks the caller's side
  'GET /v1/appointment/slots': {
    access: 'user',
    rule: 'requireUser',
    valid: async () => {
      const h = await openHost()
      return { host_id: String(h.id), date: h.day, timezone: 'Europe/Madrid' }
    },
  },
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
        await userChanged(w.caller.id)
        await env.DB.prepare(
          "INSERT INTO credit_ledger (user_id, amount_cents, reason, reference) VALUES (?1, 4500, 'seed', ?2)",
        )
          .bind(w.caller.id, `harness:${w.caller.id}:${n++}`)
          .run()
      }
      const h = await openHost()
      return { host_id: String(h.id), start_at: h.start, meeting_channel: '1' }
    },
  },
  'POST /v1/appointment/confirm': {
    access: 'owner',
    owner: 'names-id',
    rule: 'requireUser; the guest or the host of the appointment (else 404)',
    valid: async (w) => ({ id: await appointmentOf({ guestId: w.caller?.id }) }),
  },
  'POST /v1/appointment/cancel': {
    access: 'owner',
    owner: 'names-id',
    rule: 'requireUser; the guest or the host (else 404)',
    valid: async (w) => ({ id: await appointmentOf({ guestId: w.caller?.id }), reason: '1' }),
  },
  'POST /v1/appointment/close': {
    access: 'owner',
    owner: 'names-id',
    rule: 'requireUser; the host of a confirmed appointment that has started, a psychologist (or admin) now (a guest or a former host: 403; someone else: 404)',
    selfRole: Role.psychologist,
    valid: async (w) => ({
      id: await appointmentOf({ hostId: w.caller?.id, status: 2, startMs: Date.now() - 3_600_000 }),
      status: '8',
    }),
  },
  'POST /v1/appointment/meeting': {
    access: 'owner',
    owner: 'names-id',
    rule: 'requireUser; the host, a psychologist (or admin) now (a guest or a former host: 403; else 404)',
    selfRole: Role.psychologist,
    valid: async (w) => ({
      id: await appointmentOf({ hostId: w.caller?.id }),
      meeting_link: 'https://meet.example/abc',
    }),
  },
  'GET /v1/appointment/notification': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s next appointment',
    valid: () => ({}),
  },
  // Issue 34 §3 (decision 047): the guest moves their session to another free slot of its host.
  'POST /v1/appointment/move': {
    access: 'owner',
    owner: 'names-id',
    rule: 'requireUser; the guest of the appointment (the host: 403; someone else: 404)',
    valid: async (w) => {
      const h = await openHost()
      // Booked a day after the free start, so the move is 24 h or more before its current start.
      const current = Date.parse(h.start) + 86_400_000
      const id = await appointmentOf({ guestId: w.caller?.id, hostId: h.id, startMs: current })
      return { id, start_at: h.start, current_start_at: new Date(current).toISOString() }
    },
  },

  // psychologists/psychologists.routes.ts (issue 9 §1): requireRole(psychologist); always the caller's own agenda and extras
  'GET /v1/my/availability': {
    access: 'psychologist',
    rule: 'requireRole(psychologist); the caller’s own hours',
    valid: () => ({}),
  },
  'POST /v1/my/availability': {
    access: 'psychologist',
    rule: 'requireRole(psychologist); replaces the caller’s own hours',
    valid: () => ({ timezone: 'Europe/Madrid', open: '1', slot_minutes: '60', monday: '09:00-13:00' }),
  },
  'POST /v1/my/psychologist': {
    access: 'psychologist',
    rule: 'requireRole(psychologist); the caller’s own extras',
    valid: () => ({ degree: 'PhD in Psychology', speaks_in: 'es' }),
  },

  // tracking/tracking.routes.ts (issue 8 §4): anyone, signed in or not; nothing of another person is answered
  'GET /v1/session': { access: 'public', rule: 'anyone', valid: () => ({ pathname: '/', utm_source: 'harness' }) },
  'POST /v1/track': {
    access: 'public',
    rule: 'anyone',
    valid: () => ({ session_id: crypto.randomUUID(), event: 'page_view', page: '/' }),
  },
  'POST /v1/translation': { access: 'public', rule: 'anyone', valid: () => ({ text: 'harness.missing_key' }) },

  // content.routes.ts, posts.routes.ts: visitors may read content
  'GET /v1/routes': { access: 'public', rule: 'anyone', valid: () => ({ per_page: '2' }) },
  'GET /v1/symptoms': { access: 'public', rule: 'anyone', valid: () => ({ per_page: '2' }) },
  'GET /v1/posts': { access: 'public', rule: 'anyone', valid: () => ({ per_page: '2' }) },

  // content/manage.routes.ts: `editors` = requireRole(admin, publisher), `admins` = requireRole(admin)
  'POST /v1/route': {
    access: 'editor',
    rule: 'editors',
    valid: () => ({ language: 'es', slug: slug('ruta'), title: 'Harness route' }),
  },
  'DELETE /v1/route': {
    access: 'editor',
    rule: 'editors',
    valid: async () => ({ id: String((await makeRoute()).id) }),
  },
  'POST /v1/route/symptom/assign': {
    access: 'editor',
    rule: 'editors',
    valid: async (w) => ({ route_id: String(w.content.routeId), symptom_id: String((await makeSymptom()).id) }),
  },
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
  'POST /v1/route/category': {
    access: 'editor',
    rule: 'editors',
    valid: () => ({ language: 'es', slug: slug('cat'), title: 'Harness category' }),
  },
  'DELETE /v1/route/category': {
    access: 'editor',
    rule: 'editors',
    valid: async () => ({ id: await newCategory('route_categories') }),
  },
  'GET /v1/route/symptoms': {
    access: 'public',
    rule: 'anyone',
    valid: (w) => ({ route_id: String(w.content.routeId) }),
  },
  'GET /v1/route/properties': { access: 'admin', rule: 'admins', valid: () => ({}) },
  'POST /v1/symptom': {
    access: 'editor',
    rule: 'editors',
    valid: () => ({ language: 'es', slug: slug('sintoma'), title: 'Harness symptom' }),
  },
  'DELETE /v1/symptom': {
    access: 'editor',
    rule: 'editors',
    valid: async () => ({ id: String((await makeSymptom()).id) }),
  },

  // plans/plans.routes.ts: lists for anyone, the caller's own plans and status, `admins` = requireRole(admin)
  'GET /v1/plans': { access: 'public', rule: 'anyone', valid: () => ({ per_page: '2' }) },
  'GET /v1/my/plans': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s own assignments',
    valid: () => ({ per_page: '2' }),
  },
  'GET /v1/my/plan/status': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; only a plan assigned to the caller (else 404)',
    valid: async (w) => {
      const planId = await newPlan()
      if (w.caller)
        await env.DB.prepare('INSERT INTO plan_assignments (plan_id, user_id) VALUES (?1, ?2)')
          .bind(Number(planId), w.caller.id)
          .run()
      return { plan_id: planId }
    },
  },
  'POST /v1/plan': {
    access: 'admin',
    rule: 'admins',
    valid: () => ({ language: 'es', slug: slug('plan'), title: 'Harness plan' }),
  },
  'DELETE /v1/plan': { access: 'admin', rule: 'admins', valid: async () => ({ id: await newPlan() }) },
  'POST /v1/plan/setting': {
    access: 'admin',
    rule: 'admins',
    valid: async (w) => {
      const planId = await newPlan()
      await env.DB.prepare('INSERT INTO plan_routes (plan_id, route_id) VALUES (?1, ?2)')
        .bind(Number(planId), w.content.routeId)
        .run()
      return { plan_id: planId, route_id: String(w.content.routeId), waiting_time_hours: '1' }
    },
  },
  'POST /v1/plan/assign': {
    access: 'admin',
    rule: 'admins',
    valid: async () => ({ plan_id: await newPlan(), user_id: String((await makeUser()).id) }),
  },
  'DELETE /v1/plan/assign': {
    access: 'admin',
    rule: 'admins',
    valid: async () => {
      const planId = await newPlan()
      const userId = (await makeUser()).id
      await env.DB.prepare('INSERT INTO plan_assignments (plan_id, user_id) VALUES (?1, ?2)')
        .bind(Number(planId), userId)
        .run()
      return { plan_id: planId, user_id: String(userId) }
    },
  },
  'POST /v1/plan/route': {
    access: 'admin',
    rule: 'admins',
    valid: async (w) => ({ plan_id: await newPlan(), route_id: String(w.content.routeId) }),
  },
  'DELETE /v1/plan/route': {
    access: 'admin',
    rule: 'admins',
    valid: async (w) => {
      const planId = await newPlan()
      await env.DB.prepare('INSERT INTO plan_routes (plan_id, route_id) VALUES (?1, ?2)')
        .bind(Number(planId), w.content.routeId)
        .run()
      return { plan_id: planId, route_id: String(w.content.routeId) }
    },
  },

  // content/likes.routes.ts: stats for anyone, likes are the caller's own
  'GET /v1/route/stats': {
    access: 'public',
    rule: 'anyone (liked_by_me is the caller’s)',
    valid: (w) => ({ route: String(w.content.routeId) }),
  },
  'GET /v1/post/stats': {
    access: 'public',
    rule: 'anyone (liked_by_me is the caller’s)',
    valid: (w) => ({ post: String(w.content.postId) }),
  },
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
    leak: (body, w) =>
      (body.routes ?? []).some((r: { id: number }) => r.id === w.content.routeId)
        ? 'a route only the first user liked'
        : null,
  },

  // playback/playback.routes.ts
  'GET /v1/route/units': {
    access: 'public',
    rule: 'anyone; each unit’s state is the caller’s',
    valid: (w) => ({ route: String(w.content.routeId) }),
    prepareFirst: (first, w) =>
      as(first, 'POST', '/v1/unit/progress', { unit_id: String(w.content.unitId), position: '37' }),
    leak: (body, w) =>
      (body.units ?? []).some((u: { id: number; position: number }) => u.id === w.content.unitId && u.position === 37)
        ? 'the first user’s position in a unit'
        : null,
  },
  'POST /v1/unit/progress': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s own progress',
    valid: (w) => ({ unit_id: String(w.content.unitId), position: '12' }),
    prepareFirst: (first, w) =>
      as(first, 'POST', '/v1/unit/progress', { unit_id: String(w.content.unitId), position: '37' }),
    leak: (body) => (body.unit?.position === 37 ? 'the first user’s position' : null),
  },

  // posts/manage.routes.ts: `editors` = requireRole(admin, publisher)
  'POST /v1/post': {
    access: 'editor',
    rule: 'editors',
    valid: () => ({ language: 'es', slug: slug('post'), title: 'Harness post' }),
  },
  'DELETE /v1/post': { access: 'editor', rule: 'editors', valid: async () => ({ id: String((await makePost()).id) }) },
  'GET /v1/post/correlations': {
    access: 'editor',
    rule: 'editors',
    valid: (w) => ({ post_id: String(w.content.postId) }),
  },
  'POST /v1/post/correlation': { access: 'editor', rule: 'editors', valid: newPair },
  'DELETE /v1/post/correlation': {
    access: 'editor',
    rule: 'editors',
    valid: async () => {
      const pair = await newPair()
      await env.DB.prepare('INSERT INTO post_correlations (post_id, related_post_id) VALUES (?1, ?2)')
        .bind(pair.post_id, pair.related_post_id)
        .run()
      return pair
    },
  },
  'GET /v1/post/categories': { access: 'public', rule: 'anyone', valid: () => ({}) },
  'POST /v1/post/category': {
    access: 'editor',
    rule: 'editors',
    valid: () => ({ language: 'es', slug: slug('cat'), title: 'Harness category' }),
  },
  'DELETE /v1/post/category': {
    access: 'editor',
    rule: 'editors',
    valid: async () => ({ id: await newCategory('post_categories') }),
  },

  // users/users.routes.ts
  'POST /v1/user': {
    access: 'public',
    rule: 'anyone + captcha (register)',
    valid: () => ({ email: fresh('register'), legal_age: '1' }),
  },
  'POST /v1/user/authenticate': {
    access: 'public',
    rule: 'anyone (sign in)',
    valid: (w) => ({ email: w.credentials.email, password: w.credentials.password }),
  },
  'POST /v1/user/recover/password': {
    access: 'public',
    rule: 'anyone + captcha; same answer for any email',
    valid: () => ({ email: fresh('recover') }),
  },
  'GET /v1/users/psychologists': {
    access: 'public',
    rule: 'anyone; no email or phone',
    valid: () => ({ per_page: '2' }),
  },
  'POST /v1/user/logout': { access: 'user', rule: 'requireUser; ends the caller’s own session', valid: () => ({}) },
  'POST /v1/user/logout/all': {
    access: 'user',
    rule: 'requireUser; ends every session and push device of the caller only (issue 41)',
    valid: () => ({}),
  },
  'GET /v1/user/permissions': { access: 'user', rule: 'requireUser; the caller’s own permissions', valid: () => ({}) },
  'GET /v1/user': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; any id is ignored',
    valid: () => ({}),
  },
  'POST /v1/user/update': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; ids are dropped by the schema',
    valid: () => ({ name: 'Renamed By Caller' }),
  },
  'GET /v1/user/export': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s rows only',
    valid: () => ({}),
  },
  'DELETE /v1/user': {
    access: 'owner',
    owner: 'names-id',
    rule: 'requireUser + captcha; another id: admins only (403)',
    valid: () => ({}),
  },
  'DELETE /v1/user/notifications/delete': {
    access: 'link-or-user',
    owner: 'names-id',
    rule: 'anyone; the service wants the signed link (user_id + signature) or a session for the caller',
    valid: () => ({}),
    link: notificationsLinkOf,
  },
  'GET /v1/users': { access: 'admin', rule: 'requireRole(Role.admin); shows emails', valid: () => ({ per_page: '2' }) },

  // admin/admin.routes.ts: the bundled admin (issue 12; docs/API.md "Admin")
  'GET /v1/admin/routes': { access: 'editor', rule: 'editors; hidden rows too', valid: () => ({ per_page: '2' }) },
  'GET /v1/admin/posts': { access: 'editor', rule: 'editors; hidden rows too', valid: () => ({ per_page: '2' }) },
  'GET /v1/admin/symptoms': { access: 'editor', rule: 'editors; hidden rows too', valid: () => ({ per_page: '2' }) },
  'GET /v1/admin/units': { access: 'editor', rule: 'editors', valid: (w) => ({ route_id: String(w.content.routeId) }) },
  'GET /v1/admin/files': { access: 'editor', rule: 'editors', valid: () => ({ per_page: '2' }) },
  'GET /v1/admin/plans': { access: 'admin', rule: 'admins', valid: () => ({ per_page: '2' }) },
  'GET /v1/admin/audit': { access: 'admin', rule: 'admins', valid: () => ({ per_page: '2' }) },
  'GET /v1/admin/plan/routes': { access: 'admin', rule: 'admins', valid: async () => ({ plan_id: await newPlan() }) },
  'GET /v1/admin/plan/users': { access: 'admin', rule: 'admins', valid: async () => ({ plan_id: await newPlan() }) },
  'GET /v1/admin/events': { access: 'admin', rule: 'admins', valid: () => ({ per_page: '2' }) },
  'GET /v1/admin/events/export': { access: 'admin', rule: 'admins', valid: () => ({ event: 'page_view' }) },
  'POST /v1/unit': {
    access: 'editor',
    rule: 'editors',
    valid: (w) => ({ route_id: String(w.content.routeId), title: 'Harness unit' }),
  },
  'DELETE /v1/unit': {
    access: 'editor',
    rule: 'editors',
    valid: async () => ({ id: String((await makeRoute({ units: 1 })).units[0]!.id) }),
  },
  'POST /v1/unit/move': {
    access: 'editor',
    rule: 'editors',
    valid: (w) => ({ id: String(w.content.unitId), direction: 'down' }),
  },
  'POST /v1/admin/user': {
    access: 'admin',
    rule: 'admins; edits another user',
    changesOtherUsers: true,
    valid: async () => ({ id: String((await makeUser()).id), subscriber: '1' }),
  },
  'POST /v1/admin/user/credits': {
    access: 'admin',
    rule: 'admins; a credit_ledger row',
    valid: async () => ({ user_id: String((await makeUser()).id), amount_cents: '100', reason: 'Harness adjustment' }),
  },
  'POST /v1/admin/restore': {
    access: 'admin',
    rule: 'admins; a deletion of the last 30 days',
    valid: async () => ({ audit_id: await deletedPostAudit() }),
  },
  'POST /v1/admin/sitemap': { access: 'admin', rule: 'admins', valid: () => ({}) },
  'POST /v1/route/property': {
    access: 'admin',
    rule: 'admins',
    valid: () => ({ key: slug('prop').replace(/-/g, '_'), value: 'x' }),
  },
  'DELETE /v1/route/property': {
    access: 'admin',
    rule: 'admins',
    valid: async () => ({
      id: await insertId(
        "INSERT INTO properties (key, value) VALUES (?1, 'x') RETURNING id",
        slug('prop').replace(/-/g, '_'),
      ),
    }),
  },
  'POST /v1/post/update_image_using_unsplash': {
    access: 'editor',
    rule: 'editors; Unsplash faked at fetch',
    valid: async () => (fakeOutside(), { id: String((await makePost()).id) }),
  },
  'GET /v1/ai/post/:target': {
    access: 'editor',
    rule: 'editors; the AI API faked at fetch',
    valid: async () => (fakeOutside(), { target: 'title', post_id: String((await makePost()).id) }),
  },
  'POST /v1/file/upload': {
    access: 'editor',
    rule: 'editors',
    valid: () => ({ tag: 'audio', filename: 'harness.mp3', size: '2048' }),
  },
  'POST /v1/file/upload/part': {
    access: 'editor',
    rule: 'editors',
    valid: async () => ({ ...(await openUpload()), part_number: '1', chunk: 'ID3 harness bytes' }),
  },
  'POST /v1/file/upload/complete': {
    access: 'editor',
    rule: 'editors',
    valid: async () => {
      const u = await openUpload()
      const part = await env.MEDIA.resumeMultipartUpload(u.key, u.upload_id).uploadPart(
        1,
        new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 1, 2, 3]),
      )
      return { ...u, parts: `1:${part.etag}` }
    },
  },
  'DELETE /v1/file/upload': { access: 'editor', rule: 'editors', valid: () => openUpload() },
  'DELETE /v1/file': {
    access: 'editor',
    rule: 'editors',
    valid: async () => {
      const key = `uploads/audio/${crypto.randomUUID()}.mp3`
      await env.MEDIA.put(key, 'ID3')
      return {
        id: await insertId(
          "INSERT INTO files (type, tag, size, r2_key) VALUES ('audio', 'audio', 3, ?1) RETURNING id",
          key,
        ),
      }
    },
  },

  // payments/payments.routes.ts (issue 10): the offer is public; the rest is the caller's own, refunds' resolution admins'
  'GET /v1/subscriptions': { access: 'public', rule: 'anyone: the catalogue', valid: () => ({}) },
  'GET /v1/subscription/payment/link': {
    access: 'user',
    rule: 'requireUser; the link pays for the caller (client_reference_id)',
    valid: () => ({ item: 'credits_1' }),
  },
  'GET /v1/my/subscriptions': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s subscriptions only',
    valid: () => ({}),
    prepareFirst: async (first) => void (await activeSubscriptionOf(first.id)),
    leak: (body) => ((body.subscriptions as unknown[] | undefined)?.length ? 'a subscription of someone else' : null),
  },
  'DELETE /v1/my/subscriptions': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; stops the caller’s own active subscription',
    valid: async (w) => (w.caller && (await activeSubscriptionOf(w.caller.id)), {}),
  },
  'GET /v1/my/transactions': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s payments and ledger only',
    valid: () => ({}),
    prepareFirst: async (first) => void (await paymentOf(first.id)),
    leak: (body) => ((body.transactions as unknown[] | undefined)?.length ? 'a payment of someone else' : null),
  },
  'POST /v1/user/refund': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the request is the caller’s; a transaction_id of someone else is 404',
    valid: () => ({ reason: 'The harness asks for its money back.' }),
    prepareFirst: async (first) => void (await paymentOf(first.id)),
  },
  'GET /v1/refunds': {
    access: 'admin',
    rule: 'requireRole(Role.admin); shows emails',
    valid: () => ({ per_page: '2' }),
  },
  'POST /v1/refund/approve': {
    access: 'admin',
    rule: 'requireRole(Role.admin)',
    valid: async (w) => ({ id: await pendingRefund(w.caller?.id) }),
  },
  'POST /v1/refund/reject': {
    access: 'admin',
    rule: 'requireRole(Role.admin)',
    valid: async (w) => ({ id: await pendingRefund(w.caller?.id) }),
  },

  // engagement/engagement.routes.ts, ranking/ranking.routes.ts, notifications/notifications.routes.ts (issue 11)
  'GET /v1/rewards': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s rewards and streak',
    valid: () => ({}),
  },
  'GET /v1/rewards/unclaimed': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s unclaimed rewards',
    valid: () => ({}),
    prepareFirst: async (first) => void (await rewardOf(first.id)),
    leak: (body) => ((body.rewards as unknown[] | undefined)?.length ? 'a reward of someone else' : null),
  },
  'POST /v1/rewards/claim': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; claims the caller’s own reward once',
    valid: async (w) => ({ reward_id: await rewardOf(w.caller?.id) }),
  },
  'GET /v1/ranking': {
    access: 'user',
    rule: 'requireUser; names are first name and initial; the own row is the caller’s',
    valid: () => ({}),
  },
  'POST /v1/ranking/visibility': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s own choice',
    valid: () => ({ hidden: '0' }),
  },
  'GET /v1/notifications/unread': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s own in-app notifications',
    valid: () => ({}),
    prepareFirst: async (first) =>
      void (await env.DB.prepare(
        "INSERT INTO in_app_notifications (user_id, locale, level, title) VALUES (?1, 'es', 'info', 'Solo para ti')",
      )
        .bind(first.id)
        .run()),
    leak: (body) =>
      (body.notifications as { title: string }[] | undefined)?.some((n) => n.title === 'Solo para ti')
        ? 'an in-app notification of someone else'
        : null,
  },
  'POST /v1/notifications/read': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; marks the caller’s own only',
    valid: () => ({}),
  },
  'GET /v1/notifications': { access: 'admin', rule: 'requireRole(Role.admin)', valid: () => ({ per_page: '2' }) },
  'POST /v1/notification': {
    access: 'admin',
    rule: 'requireRole(Role.admin)',
    valid: () => ({
      language: 'es',
      role_recipients: '1',
      title_es: 'Hola desde el arnés',
      send_at: '2099-01-01T09:00:00Z',
    }),
  },
  // Dead letters of the mail queue (issue 22): an admin lists and replays them.
  'GET /v1/notifications/dead-mail': { access: 'admin', rule: 'requireRole(Role.admin)', valid: () => ({}) },
  'POST /v1/notifications/dead-mail/replay': {
    access: 'admin',
    rule: 'requireRole(Role.admin); without id every dead letter (none here: replays nothing)',
    valid: () => ({}),
  },
  'POST /v1/notification/cancel': {
    access: 'admin',
    rule: 'requireRole(Role.admin); a pending one only',
    valid: async () => ({
      id: await insertId(
        "INSERT INTO admin_notifications (title, status, channel, send_at) VALUES ('Harness', 'pending', 'in_app', ?1) RETURNING id",
        Date.UTC(2099, 0, 1),
      ),
    }),
  },

  // forms/forms.routes.ts: the public forms, anyone + captcha (issue 8 §3)
  'POST /v1/contact': {
    access: 'public',
    rule: 'anyone + captcha; once an hour per email',
    valid: () => ({ email: fresh('contact'), reason: 'other', description: 'A message from the harness.' }),
  },
  'POST /v1/letstalk': {
    access: 'public',
    rule: 'anyone + captcha',
    valid: () => ({ email: fresh('letstalk'), name: 'Ana Harness', phone: '+34612345678', preferred_time: 'morning' }),
  },
  'POST /v1/feedback': {
    access: 'public',
    rule: 'anyone + captcha',
    valid: () => ({ email: fresh('feedback'), usage_frequency: '1', recommendation_score: '8' }),
  },
  'POST /v1/suggestion': {
    access: 'public',
    rule: 'anyone + captcha',
    valid: () => ({ keyword: 'harness topic', notify: '1', email: fresh('suggestion') }),
  },

  // checkins/checkins.routes.ts (issue 34 §4): requireUser; the caller's own check-ins only
  'GET /v1/checkins': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s today and 30-day trend',
    valid: () => ({}),
    prepareFirst: (first) => as(first, 'POST', '/v1/checkin', { mood: '1', note: 'The first user’s note' }),
    leak: (body) =>
      body.today || (body.trend?.days as { mood: number | null }[] | undefined)?.some((d) => d.mood !== null)
        ? 'the first user’s check-in'
        : null,
  },
  'POST /v1/checkin': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; writes the caller’s own day',
    valid: () => ({ mood: '3' }),
    prepareFirst: (first) => as(first, 'POST', '/v1/checkin', { mood: '1', note: 'The first user’s note' }),
    leak: (body) => (body.today?.note === 'The first user’s note' ? 'the first user’s note' : null),
  },
  // shares/shares.routes.ts (issue 44 §1, §2): requireUser; the person's own choices and views,
  // and the host of a session reading only what its guest shares with them.
  'GET /v1/my/shares': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s own psychologists and choices',
    valid: () => ({}),
    prepareFirst: async (first) => {
      await sharedWith(first)
    },
    leak: (body) => ((body.shares as unknown[] | undefined)?.length ? 'the first user’s psychologist' : null),
  },
  'POST /v1/my/share': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s own share with a psychologist of theirs (another: 422)',
    valid: async (w) => ({ host_id: String(w.caller ? (await sharedWith(w.caller)).hostId : 1), checkins: '1' }),
    prepareFirst: async (first) => {
      await sharedWith(first)
    },
  },
  'GET /v1/my/share/views': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; who looked at the caller’s own shares',
    valid: () => ({}),
    prepareFirst: async (first) => {
      const { hostId, session } = await sharedWith(first)
      await env.DB.prepare(
        "INSERT INTO share_views (user_id, host_id, appointment_id, seen, host_name) VALUES (?1, ?2, ?3, '[\"checkins\"]', 'Harness host')",
      )
        .bind(first.id, hostId, session)
        .run()
    },
    leak: (body) => ((body.views as unknown[] | undefined)?.length ? 'the first user’s views' : null),
  },
  'GET /v1/appointment/shared': {
    access: 'owner',
    owner: 'names-id',
    rule: 'requireUser; the host of session id, a psychologist now, while the guest shares and the pair has a live or recent session (anyone else, admins included: 403)',
    selfRole: Role.psychologist,
    valid: async (w) => {
      const guest = await makeUser()
      const session = await appointmentOf({ guestId: guest.id, hostId: w.caller?.id })
      if (w.caller)
        await env.DB.prepare('INSERT INTO shares (user_id, host_id, checkins) VALUES (?1, ?2, 1)')
          .bind(guest.id, w.caller.id)
          .run()
      return { id: String(session) }
    },
  },
  'GET /v1/appointment/sharers': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the people sharing with the caller (none for a patient)',
    valid: () => ({}),
  },
  // care/care.routes.ts (issue 44 §3, §4): requireUser; a person's own recommendations and
  // safety plan, and the host of an attended session recommending routes to its guest.
  'GET /v1/my/recommendations': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the routes recommended to the caller',
    valid: () => ({}),
    prepareFirst: async (first, w) => {
      const hostId = (await makeUser({ role: Role.psychologist })).id
      const session = await appointmentOf({ guestId: first.id, hostId, status: 8, startMs: Date.now() - 7_200_000 })
      // As POST /v1/appointment/recommend writes it (its host has no token in this world).
      const recommendation = await insertId(
        "INSERT INTO recommendations (appointment_id, host_id, user_id, note) VALUES (?1, ?2, ?3, 'The first user’s note') RETURNING id",
        Number(session),
        hostId,
        first.id,
      )
      await env.DB.prepare(
        'INSERT INTO recommendation_routes (recommendation_id, route_id, position) VALUES (?1, ?2, 0)',
      )
        .bind(Number(recommendation), w.content.routeId)
        .run()
    },
    leak: (body) =>
      (body.recommendations as { note: string }[] | undefined)?.length ? 'the first user’s recommendations' : null,
  },
  'GET /v1/my/safety-plan': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s own safety plan (null when the account keeps none)',
    valid: () => ({}),
    prepareFirst: (first) => as(first, 'POST', '/v1/my/safety-plan', { plan: safetyPlanOf('The first user’s sign') }),
    leak: (body) => (body.plan ? 'the first user’s safety plan' : null),
  },
  'POST /v1/my/safety-plan': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; writes the caller’s own safety plan (the later edit wins)',
    valid: () => ({ plan: safetyPlanOf('A sign of the caller') }),
    prepareFirst: (first) => as(first, 'POST', '/v1/my/safety-plan', { plan: safetyPlanOf('The first user’s sign') }),
    leak: (body) =>
      JSON.stringify(body.plan ?? null).includes('The first user’s sign') ? 'the first user’s safety plan' : null,
  },
  'POST /v1/appointment/recommend': {
    access: 'owner',
    owner: 'names-id',
    rule: 'requireUser; the host of the attended session id, a psychologist (or admin) now (another psychologist, an admin not its host, the guest, no such session: 403 alike)',
    selfRole: Role.psychologist,
    valid: async (w) => ({
      id: await appointmentOf({ hostId: w.caller?.id, status: 8, startMs: Date.now() - 7_200_000 }),
      route_ids: String(w.content.routeId),
      note: 'A route for the weeks between sessions.',
    }),
  },
  // push/push.routes.ts (issue 34 §1): the key is public; a device is the caller's own
  'GET /v1/push/key': { access: 'public', rule: 'anyone: the VAPID public key', valid: () => ({}) },
  'POST /v1/push/subscription': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; saved for the caller (an endpoint another person had moves to the caller)',
    valid: () => pushForm(`harness-${++n}`),
  },
  'DELETE /v1/push/subscription': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s own device only (another’s endpoint: 404, nothing deleted)',
    valid: async (w) => {
      const form = pushForm(`harness-del-${++n}`)
      if (w.caller) await as(w.caller, 'POST', '/v1/push/subscription', form)
      return { endpoint: form.endpoint }
    },
    prepareFirst: (first) => as(first, 'POST', '/v1/push/subscription', pushForm('first-device')),
  },
  // The person's devices (issue 41): their own list, and removal by id of their own only.
  'GET /v1/push/devices': {
    access: 'owner',
    owner: 'always-caller',
    rule: 'requireUser; the caller’s own devices',
    valid: () => ({}),
    prepareFirst: (first) => as(first, 'POST', '/v1/push/subscription', pushForm('first-listed')),
    leak: (body) => (JSON.stringify(body.devices ?? []).includes('first-listed') ? 'the first user’s device' : null),
  },
  'DELETE /v1/push/device': {
    access: 'owner',
    owner: 'names-id',
    rule: 'requireUser; a device id of the caller’s own (another’s: 404, nothing deleted)',
    valid: async (w) => {
      if (!w.caller) return { id: '1' }
      await as(w.caller, 'POST', '/v1/push/subscription', pushForm(`harness-id-${++n}`))
      const listed = await api('/v1/push/devices', { headers: bearer(w.caller.token) })
      const { devices } = (await listed.json()) as { devices: { id: number }[] }
      return { id: String(devices[0]!.id) }
    },
    prepareFirst: (first) => as(first, 'POST', '/v1/push/subscription', pushForm('first-removable')),
  },
}
