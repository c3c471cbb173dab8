// The pieces both harness files share (issue 14 §6): the people a test acts as, the database
// snapshot that proves a refusal stored nothing, and the answer checks every /v1 answer gets.
// Everything goes through the Worker's real fetch handler (test/helpers.ts `api`, which also
// parses each answer with its call's contract schema) on the real D1 and KV bindings.
import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import type { Call } from '#shared/contract/call'
import { CAPTCHA_PATHS, DUMMY_TOKEN } from '#worker/http/captcha'
import { api, userChanged } from '../helpers'

export { DUMMY_TOKEN }

/** A signed-in person of the harness. */
export interface Person {
  id: number
  email: string
  name: string
  token: string
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
export const callKey = (call: Pick<Call, 'method' | 'path'>) => `${call.method} /v1${call.path}`

/** Non-GET calls on SPEC §7's captcha paths need a token before anything else runs. */
export const needsCaptcha = (call: Pick<Call, 'method' | 'path'>) =>
  call.method !== 'GET' && (CAPTCHA_PATHS as readonly string[]).includes(`/v1${call.path}`)

let seq = 0
/**
 * Each sign-up comes from its own address: registration and sign-in are throttled per address
 * (features/users/throttle.ts), and the harness must be able to make people whatever the fuzz
 * did to the addresses it uses.
 */
const nextAddress = () => {
  seq++
  return `198.51.${100 + ((seq >> 8) & 0x3f)}.${seq & 0xff}`
}

/** Register a patient through POST /v1/user (passwordless unless given one: no PBKDF2 to wait for). */
export async function signUp(tag: string, extra: Record<string, string> = {}): Promise<Person> {
  const n = ++seq
  const email = `${tag}.${n}.${Date.now().toString(36)}@harness.example`
  const name = `${tag[0]!.toUpperCase()}${tag.slice(1)} Harness ${n}`
  const res = await api('/v1/user', {
    method: 'POST',
    locale: 'en',
    headers: { 'x-captcha-token': DUMMY_TOKEN, 'cf-connecting-ip': nextAddress() },
    form: { email, name, legal_age: '1', ...extra },
  })
  const body = (await res.json()) as { user?: { id: number; token: string } }
  if (res.status !== 201 || !body.user) throw new Error(`harness sign-up failed: ${res.status} ${JSON.stringify(body)}`)
  return { id: body.user.id, email, name, token: body.user.token }
}

export async function setRole(id: number, role: number) {
  await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(role, id).run()
  await userChanged(id)
}

/** Whether `p`'s session still opens GET /v1/user as `p` (not counted in the totals). */
export async function sessionWorks(p: Person): Promise<boolean> {
  const res = await api('/v1/user', { headers: bearer(p.token) })
  if (res.status !== 200) return false
  const body = (await res.json()) as { user?: { id?: number } }
  return body.user?.id === p.id
}

// ── Answers ─────────────────────────────────────────────────────────────────────────────────

export interface Totals {
  calls: Set<string>
  inputs: number
  answers: number
  refusals: number
  fiveHundreds: number
}
export const newTotals = (): Totals => ({ calls: new Set(), inputs: 0, answers: 0, refusals: 0, fiveHundreds: 0 })

export interface Envelope {
  success: boolean
  code?: string
  message?: string
  errors?: Record<string, string[]>
  [k: string]: unknown
}

/**
 * What every /v1 answer must be, whatever was sent: never a server fault (no 5xx at all: a 500
 * is our bug, and a 503 would mean a configured test Worker thinks it is not), and always the
 * JSON envelope — `{ success: true, ... }` with a 2xx, `{ success: false, code, message }` with
 * a 4xx. (`api` has already parsed it with the call's response or the failure schema.)
 */
export async function checkAnswer(res: Response, what: string, totals: Totals): Promise<Envelope> {
  totals.answers++
  if (res.status >= 500) totals.fiveHundreds++
  const text = await res.clone().text()
  const show = `${what} → ${res.status} ${text.slice(0, 300)}`
  expect(res.status, `server fault: ${show}`).toBeLessThan(500)
  expect(res.headers.get('content-type') ?? '', `not JSON: ${show}`).toMatch(/^application\/json/)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`not the envelope (unparsable JSON): ${show}`)
  }
  expect(typeof body === 'object' && body !== null && !Array.isArray(body), `not the envelope: ${show}`).toBe(true)
  const env = body as Envelope
  if (res.status >= 400) {
    expect(env.success, `refusal without success:false: ${show}`).toBe(false)
    expect(typeof env.code === 'string' && env.code.length > 0, `refusal without a code: ${show}`).toBe(true)
    expect(typeof env.message === 'string' && env.message.length > 0, `refusal without a message: ${show}`).toBe(true)
  } else {
    expect(res.status, `unexpected status: ${show}`).toBeGreaterThanOrEqual(200)
    expect(env.success, `success status without success:true: ${show}`).toBe(true)
  }
  return env
}

// ── What a refusal may not change ───────────────────────────────────────────────────────────

/**
 * Tables that legitimately change when a request is refused, so they are not compared:
 * - rate_windows: cooldowns and single-use marks are taken by refused calls by design (a spent
 *   or unknown sign-in link is marked used; the once-a-day security notice is claimed by a
 *   failed sign-in or a register that hit an existing email).
 * - auth_counters: every sign-in attempt and every register that hits an existing email is
 *   counted (one row per account or address and window), refused or not (issue 14 §1–2, 20 §7).
 */
export const CHANGES_ON_REFUSAL = ['rate_windows', 'auth_counters'] as const

/**
 * Rows a refusal may add to a table that is otherwise compared: the security notices to an
 * account's owner (many failed sign-ins, someone registering with their email) are mailed by
 * the refused request itself, at most once a day per account (features/users/throttle.ts).
 */
const COUNTED_WHERE: Record<string, string> = {
  email_outbox: "template NOT IN ('sign_in_failures', 'register_attempt')",
}

let snapshotSql: string | null = null

/**
 * The tables of migrations/, found at run time so a new one is covered. Full-text indexes
 * (virtual tables and their shadow tables) are left out: triggers fill them from the content
 * tables, which are counted.
 */
async function tablesOf(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string; sql: string | null }>()
  const virtual = results.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name)
  const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v}_`))
  return results.map((r) => r.name).filter((n) => !virtual.includes(n) && !shadow(n))
}

async function columnsOf(table: string): Promise<string[]> {
  const { results } = await env.DB.prepare(`PRAGMA table_info("${table}")`).all<{ name: string }>()
  return results.map((r) => r.name)
}

/**
 * One row as text, every column quoted. D1 caps a function at 32 arguments and an expression
 * at depth 100, so the columns go in json_array chunks of 30, themselves in one json_array.
 */
function rowText(cols: string[]): string {
  const chunks: string[] = []
  for (let i = 0; i < cols.length; i += 30)
    chunks.push(
      `json_array(${cols
        .slice(i, i + 30)
        .map((c) => `quote("${c}")`)
        .join(', ')})`,
    )
  return `json_array(${chunks.join(', ')})`
}

/**
 * One statement: the row count of every table of migrations/ except CHANGES_ON_REFUSAL, plus
 * every column of the watched users' rows (a refused profile update must not have changed a
 * name either).
 */
async function buildSnapshotSql(): Promise<string> {
  const tables = (await tablesOf()).filter((t) => !(CHANGES_ON_REFUSAL as readonly string[]).includes(t))
  const parts = tables.map(
    (t) => `(SELECT count(*) FROM "${t}"${COUNTED_WHERE[t] ? ` WHERE ${COUNTED_WHERE[t]}` : ''}) AS "${t}"`,
  )
  // The rows of the people a run names (watched(): the ids its requests carry), every column.
  parts.push(
    `(SELECT group_concat(r, char(10)) FROM (SELECT ${rowText(await columnsOf('users'))} AS r FROM users WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id)) AS "users.rows"`,
  )
  return `SELECT ${parts.join(',\n')}`
}

let watchedIds: number[] = []
/** The users whose whole rows a snapshot holds (the others are counted): the people of a run. */
export function watch(ids: number[]) {
  watchedIds = [...ids]
}

export type Snapshot = Record<string, unknown>

/** Sessions live in KV (an HMAC of the token per session): how many there are. */
async function sessionCount(): Promise<number> {
  let n = 0
  let cursor: string | undefined
  do {
    const page = await env.KV.list({ prefix: 'session:', cursor })
    n += page.keys.length
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  return n
}

export async function snapshot(): Promise<Snapshot> {
  snapshotSql ??= await buildSnapshotSql()
  const [row, sessions] = await Promise.all([
    env.DB.prepare(snapshotSql).bind(JSON.stringify(watchedIds)).first<Snapshot>(),
    sessionCount(),
  ])
  return { ...row!, 'kv.sessions': sessions }
}

/** The tables a snapshot counts (for the report). */
export async function countedTables(): Promise<string[]> {
  snapshotSql ??= await buildSnapshotSql()
  return Object.keys((await env.DB.prepare(snapshotSql).bind('[]').first<Snapshot>())!).filter(
    (k) => k !== 'users.rows',
  )
}

/** A refusal stored nothing: same counts, same user rows, no new session (one may have expired). */
export function expectNothingStored(before: Snapshot, after: Snapshot, what: string) {
  const changed: string[] = []
  for (const k of Object.keys(before)) {
    if (k === 'kv.sessions') {
      if ((after[k] as number) > (before[k] as number)) changed.push(`${k}: ${before[k]} → ${after[k]}`)
    } else if (before[k] !== after[k]) {
      changed.push(k === 'users.rows' ? 'users: a row changed' : `${k}: ${before[k]} → ${after[k]}`)
    }
  }
  expect(changed, `a refused request stored something: ${what}`).toEqual([])
}

// ── One person's data ───────────────────────────────────────────────────────────────────────

let userTables: string[] | null = null

/** Everything stored about one user: their row, every row that names them (all columns), and whether their session works. */
export async function stateOf(p: Person): Promise<Record<string, unknown>> {
  if (!userTables) {
    userTables = []
    for (const t of await tablesOf()) if ((await columnsOf(t)).includes('user_id')) userTables.push(t)
  }
  const parts = [`(SELECT ${rowText(await columnsOf('users'))} FROM users WHERE id = ?1) AS "users.row"`]
  for (const t of userTables) {
    if ((CHANGES_ON_REFUSAL as readonly string[]).includes(t)) continue
    // Ordered by the row text, not rowid: some tables are WITHOUT ROWID (activity_months).
    parts.push(
      `(SELECT group_concat(r, char(10)) FROM (SELECT ${rowText(await columnsOf(t))} AS r FROM "${t}" WHERE user_id = ?1 ORDER BY r)) AS "${t}"`,
    )
  }
  const row = await env.DB.prepare(`SELECT ${parts.join(', ')}`)
    .bind(p.id)
    .first<Record<string, unknown>>()
  return { ...row!, session: await sessionWorks(p) }
}

/** Whether an answer shows anything of `p`: their email or name, or a user-shaped object with their id. */
export function leaks(body: unknown, p: Person): string | null {
  const text = JSON.stringify(body)
  if (text.includes(p.email)) return `their email ${p.email}`
  if (text.includes(p.name)) return `their name ${p.name}`
  let found: string | null = null
  const walk = (v: unknown, path: string) => {
    if (found || v === null || typeof v !== 'object') return
    const o = v as Record<string, unknown>
    if (!Array.isArray(v) && o.id === p.id && ('email' in o || 'token' in o || 'avatar' in o))
      found = `their user object at ${path || '.'}`
    for (const [k, x] of Object.entries(o)) walk(x, `${path}.${k}`)
  }
  walk(body, '')
  return found
}

// ── The isolate itself ──────────────────────────────────────────────────────────────────────

const PROTOTYPES: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
]
const pristine = new Map(
  PROTOTYPES.map(([name, proto]) => [
    name,
    new Map(Reflect.ownKeys(proto).map((k) => [k, Reflect.getOwnPropertyDescriptor(proto, k)!])),
  ]),
)

/**
 * What requests added to or changed on the built-in prototypes of this isolate (the Worker and
 * the tests share it), put back as it was so one polluting request does not break every later
 * one. Empty when nothing changed.
 */
export function takePollution(): string[] {
  const found: string[] = []
  for (const [name, proto] of PROTOTYPES) {
    const base = pristine.get(name)!
    for (const key of Reflect.ownKeys(proto)) {
      const was = base.get(key)
      const now = Reflect.getOwnPropertyDescriptor(proto, key)!
      if (was && was.value === now.value && was.get === now.get && was.set === now.set) continue
      let shown: string
      try {
        shown = JSON.stringify(now.value)?.slice(0, 80) ?? String(now.value)
      } catch {
        shown = typeof now.value
      }
      found.push(`${name}.${String(key)} ${was ? 'changed to' : '='} ${shown}`)
      if (was) Reflect.defineProperty(proto, key, was)
      else Reflect.deleteProperty(proto, key)
    }
  }
  return found
}
