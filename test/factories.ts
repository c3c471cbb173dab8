import { env } from 'cloudflare:test'
import { eq, sql, type InferInsertModel, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { getDb } from '#worker/db/client'
import { contentChanged } from '#worker/http/public-cache'
import { AppointmentStatus, MeetingChannel, Role } from '#shared/enums'
import { activityDays, appointments, creditLedger, plans, planRoutes, unitProgress, users } from '#worker/db/schema'
import { seed, type SeedOptions } from '#worker/seed/seed'
import { userChanged } from './helpers'

/** A cheap stand-in hash for seeded demo users in tests that never sign them in. */
const fakeHash = async (p: string) => `test$${p.length}`

/** Seed the demo content into this test file's isolated D1 (no audio, no demo users by default). */
export async function seedContent(
  only: SeedOptions['only'] = { routes: true, posts: true, plans: true, users: false },
) {
  const out = await seed(getDb(env.DB), { hashPassword: fakeHash, only })
  await contentChanged(env)
  return out
}

// The shared public answers are on in tests (decision 031), as for every visitor: a factory that
// writes content purges them, as an editor's write does (http/public-cache.ts). A test about the
// cache itself writes behind the editors' back with `purge: false`.
const purged = async <T>(made: T, purge = true): Promise<T> => {
  if (purge) await contentChanged(env)
  return made
}

// ── Small factories (CONVENTIONS 10: each test makes its own rows) ───────────────────────────
// They write with plain SQL through the real D1 binding, filling only what a test names and
// leaving the rest to the table defaults of migrations/0000_init.sql. Storage is isolated per
// test file but shared by the tests of one file: pass distinct slugs, or let `unique` make one.

let seq = 0
/** A slug no other row of this test file has: `unique('ruta')` → 'ruta-lx3k9-0'. */
export const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${(seq++).toString(36)}`

type Language = 'es' | 'en'
const VISIBLE = 1
const HIDDEN = 2

export interface MadeUser {
  id: number
  name: string
  email: string
}

/** A user row (no password, never signed in): an author for `createdBy`, a member of an audience. */
export async function makeUser(
  opts: { name?: string; email?: string; role?: number; language?: Language } = {},
): Promise<MadeUser> {
  const name = opts.name ?? 'Autora de prueba'
  const email = opts.email ?? `${unique('user')}@factory.test`
  const row = await env.DB.prepare('INSERT INTO users (name, email, role, language) VALUES (?, ?, ?, ?) RETURNING id')
    .bind(name, email, opts.role ?? 1, opts.language ?? 'es')
    .first<{ id: number }>()
  return { id: row!.id, name, email }
}

export interface MadeSymptom {
  id: number
  slug: string
  title: string
  language: Language
}

/** A symptom (visible unless `status: 2`). */
export async function makeSymptom(
  opts: { language?: Language; slug?: string; title?: string; status?: number; purge?: boolean } = {},
): Promise<MadeSymptom> {
  const language = opts.language ?? 'es'
  const slug = opts.slug ?? unique('sintoma')
  const title = opts.title ?? slug
  const row = await env.DB.prepare(
    'INSERT INTO symptoms (language, slug, title, status) VALUES (?, ?, ?, ?) RETURNING id',
  )
    .bind(language, slug, title, opts.status ?? VISIBLE)
    .first<{ id: number }>()
  return purged({ id: row!.id, slug, title, language }, opts.purge)
}

export interface UnitSpec {
  title: string
  order?: number
  status?: number
  description?: string | null
  durationSeconds?: number | null
}

export interface RouteSpec {
  language?: Language
  slug?: string
  title?: string
  description?: string | null
  tag?: string | null
  order?: number
  /** Symptoms to link; at most one primary (the schema's partial unique index). */
  symptoms?: { id: number; primary?: boolean }[]
  /** How many visible units to give it ('Unidad 1'…), or the units themselves. */
  units?: number | UnitSpec[]
  status?: number
  isPublic?: boolean
  isActive?: boolean
  createdBy?: number | null
  images?: Record<string, string> | null
  /** false: written behind the editors' back, the shared public answers not purged. */
  purge?: boolean
}

export interface MadeRoute {
  id: number
  slug: string
  title: string
  language: Language
  order: number
  units: { id: number; title: string; order: number; status: number }[]
}

/** A route with its symptoms and units; visible, public and active unless told otherwise. */
export async function makeRoute(opts: RouteSpec = {}): Promise<MadeRoute> {
  const language = opts.language ?? 'es'
  const slug = opts.slug ?? unique('ruta')
  const title = opts.title ?? slug
  const order = opts.order ?? 0
  const row = await env.DB.prepare(
    'INSERT INTO routes (language, slug, title, description, tag, "order", status, is_public, is_active, created_by, images) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(
      language,
      slug,
      title,
      opts.description ?? null,
      opts.tag ?? null,
      order,
      opts.status ?? VISIBLE,
      opts.isPublic === false ? 0 : 1,
      opts.isActive === false ? 0 : 1,
      opts.createdBy ?? null,
      opts.images ? JSON.stringify(opts.images) : null,
    )
    .first<{ id: number }>()
  const id = row!.id
  const specs: UnitSpec[] =
    typeof opts.units === 'number'
      ? Array.from({ length: opts.units }, (_, i) => ({ title: `Unidad ${i + 1}`, order: i + 1 }))
      : (opts.units ?? [])
  const stmts: D1PreparedStatement[] = []
  for (const s of opts.symptoms ?? []) {
    stmts.push(
      env.DB.prepare('INSERT INTO route_symptoms (route_id, symptom_id, is_primary) VALUES (?, ?, ?)').bind(
        id,
        s.id,
        s.primary ? 1 : 0,
      ),
    )
  }
  for (const [i, u] of specs.entries()) {
    stmts.push(
      env.DB.prepare(
        'INSERT INTO units (route_id, "order", status, title, description, duration_seconds) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
      ).bind(id, u.order ?? i + 1, u.status ?? VISIBLE, u.title, u.description ?? null, u.durationSeconds ?? 300),
    )
  }
  const results = stmts.length ? await env.DB.batch<{ id: number }>(stmts) : []
  const unitIds = results.slice(opts.symptoms?.length ?? 0).map((r) => r.results[0]!.id)
  return purged(
    {
      id,
      slug,
      title,
      language,
      order,
      units: specs.map((u, i) => ({
        id: unitIds[i]!,
        title: u.title,
        order: u.order ?? i + 1,
        status: u.status ?? VISIBLE,
      })),
    },
    opts.purge,
  )
}

export interface PostSpec {
  language?: Language
  slug?: string
  title?: string
  description?: string | null
  content?: string | null
  tag?: string | null
  tags?: string[] | null
  status?: number
  /** Defaults to a fixed past date; pass a future one for a scheduled post. */
  publishedAt?: Date | null
  deletedAt?: Date | null
  timeForReading?: number | null
  /** false: written behind the editors' back, the shared public answers not purged. */
  purge?: boolean
}

export interface MadePost {
  id: number
  slug: string
  title: string
  language: Language
  publishedAt: Date | null
}

/** A post, published (visible, not deleted, dated in the past) unless told otherwise. */
export async function makePost(opts: PostSpec = {}): Promise<MadePost> {
  const language = opts.language ?? 'es'
  const slug = opts.slug ?? unique('post')
  const title = opts.title ?? slug
  const publishedAt = opts.publishedAt === undefined ? new Date('2025-01-01T09:00:00Z') : opts.publishedAt
  const row = await env.DB.prepare(
    'INSERT INTO posts (language, slug, title, description, content, tag, tags, status, published_at, deleted_at, time_for_reading) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(
      language,
      slug,
      title,
      opts.description ?? null,
      opts.content ?? null,
      opts.tag ?? null,
      opts.tags ? JSON.stringify(opts.tags) : null,
      opts.status ?? VISIBLE,
      publishedAt ? publishedAt.getTime() : null,
      opts.deletedAt ? opts.deletedAt.getTime() : null,
      opts.timeForReading ?? null,
    )
    .first<{ id: number }>()
  return purged({ id: row!.id, slug, title, language, publishedAt }, opts.purge)
}

export const STATUS = { visible: VISIBLE, hidden: HIDDEN } as const

// ── Rows as a table holds them, through its drizzle table (src/worker/db/schema) ─────────────
// For the state no call makes in one step (a role, a past date, a row a cron would write): the
// columns are typed and named as the schema names them, so a test says what it wants, not how
// to write it. The writes are plain SQL underneath: triggers (the search index) fire as for any.

type Table = SQLiteTable & { id: SQLiteColumn }
type Values<T extends Table> = InferInsertModel<T>

/** Writes one row into `table` and answers its id: `await given(units, { routeId, title: 'Canto' })`. */
export async function given<T extends Table>(table: T, values: Values<T>): Promise<number> {
  const [row] = await getDb(env.DB)
    .insert(table)
    .values(values as never)
    .returning({ id: table.id })
  return (row as { id: number }).id
}

/** Writes rows into a table of any key (a day's points, a Stripe event): `await givenRows(activityDays, a, b)`. */
export async function givenRows<T extends SQLiteTable>(table: T, ...rows: InferInsertModel<T>[]): Promise<void> {
  await getDb(env.DB)
    .insert(table)
    .values(rows as never)
}

/**
 * Changes some columns of the row `id` of `table`, or of the rows `where` picks:
 * `await patch(users, id, { role: 2 })`, `await patch(userEngagement, eq(userEngagement.userId, id), …)`.
 */
export async function patch<T extends SQLiteTable>(
  table: T,
  which: T extends Table ? number | SQL : SQL,
  values: { [K in keyof InferInsertModel<T>]?: InferInsertModel<T>[K] | SQL },
): Promise<void> {
  const where = typeof which === 'number' ? eq((table as unknown as Table).id, which) : (which as SQL)
  await getDb(env.DB)
    .update(table)
    .set(values as never)
    .where(where)
}

/**
 * Deletes the rows of `table` whose `by` (its id unless told) is `value`, or the rows `where`
 * picks; cascades and triggers run.
 */
export async function drop(table: SQLiteTable, which: number | SQL, by?: SQLiteColumn): Promise<void> {
  const where = typeof which === 'number' ? eq(by ?? (table as Table).id, which) : which
  await getDb(env.DB).delete(table).where(where)
}

/**
 * Sets a person's columns as no single call would (a role, a phone and zone for a booking, a
 * lapsed free access), then refreshes their sessions, as the users service does after a save.
 */
export async function patchUser(id: number | number[], values: Partial<Values<typeof users>>): Promise<void> {
  const ids = typeof id === 'number' ? [id] : id
  for (const one of ids) await patch(users, one, values)
  await userChanged(...ids)
}

/**
 * An appointment as a booking leaves it (pending, Google Meet, an hour from `startAt`) but with
 * no credits moved: for the mail, reminder and confirmation tests that start from one.
 */
export async function makeAppointment(
  guestId: number,
  hostId: number,
  startAt: number,
  more: Partial<Values<typeof appointments>> = {},
): Promise<number> {
  return given(appointments, {
    guestId,
    hostId,
    status: AppointmentStatus.pending,
    meetingChannel: MeetingChannel.google_meet,
    startAt: new Date(startAt),
    endAt: new Date(startAt + 3_600_000),
    ...more,
  })
}

/**
 * Credits as a ledger row the payments or booking code would have written (a grant, a booking's
 * debit, a seed): `await givenCredits(g.id, 9000, 'seed', `test:${g.id}`)`.
 */
export async function givenCredits(
  userId: number,
  amountCents: number,
  reason: string,
  reference: string,
  more: Partial<Values<typeof creditLedger>> = {},
): Promise<void> {
  await givenRows(creditLedger, { userId, amountCents, reason, reference, ...more })
}

/** A plan (Spanish, visible, public unless told) holding `routeIds` in that order: its id. */
export async function makePlan(values: Partial<Values<typeof plans>> = {}, routeIds: number[] = []): Promise<number> {
  const id = await given(plans, { language: 'es', slug: unique('plan'), title: 'Plan de prueba', ...values })
  for (const [i, routeId] of routeIds.entries()) await given(planRoutes, { planId: id, routeId, order: i + 1 })
  return id
}

/** Units completed by a person at `at` (ms), as the player's progress call leaves them. */
export async function completeUnits(userId: number, unitIds: number[], at = Date.now()): Promise<void> {
  for (const unitId of unitIds)
    await givenRows(unitProgress, {
      userId,
      unitId,
      positionSeconds: 0,
      completedAt: new Date(at),
      updatedAt: new Date(at),
    })
}

/** An appointment's hour set to start at `startAt` (ms; in the past: it has started), behind the move rules. */
export async function retime(id: number, startAt: number): Promise<void> {
  await patch(appointments, id, { startAt: new Date(startAt), endAt: new Date(startAt + 3_600_000) })
}

/** An appointment with a new psychologist that began two hours ago, in `status`: what a plan's appointment locks read. */
export async function pastAppointment(guestId: number, status: AppointmentStatus): Promise<number> {
  const host = await makeUser({ role: Role.psychologist })
  const start = Date.now() - 2 * 3_600_000
  return makeAppointment(guestId, host.id, start, { status, createdAt: new Date(start), updatedAt: new Date(start) })
}

/** Every unit a person completed, completed at `at` (ms) instead: the time a plan's waiting lock counts from. */
export async function backdateProgress(userId: number, at: number): Promise<void> {
  await patch(unitProgress, eq(unitProgress.userId, userId), { completedAt: new Date(at) })
}

/**
 * Active days of a person (`frozen`: a missed day a freeze covered, 0 points), one write each as
 * the engagement service writes them: the activity_days triggers keep the running ranking total.
 */
export async function activeDays(userId: number, days: string[], points = 10, frozen = false): Promise<void> {
  for (const day of days) await givenRows(activityDays, { userId, day, points: frozen ? 0 : points, frozen })
}

/** A password for a person a factory or the seed made (they have none), so that they can sign in. */
export async function givePassword(email: string, password: string): Promise<void> {
  const { hashPassword } = await import('#worker/features/users/password')
  await patch(users, eq(users.email, email), { passwordHash: await hashPassword(password) })
}

/**
 * `patch`, but behind the editors' back: the row's updated_at stays as it was, as a raw write leaves
 * it (a sitemap's whole-second dates, a cron that must not look like an editor's save).
 */
export async function patchBehind<T extends SQLiteTable & { updatedAt: SQLiteColumn }>(
  table: T,
  which: T extends Table ? number | SQL : SQL,
  values: { [K in keyof InferInsertModel<T>]?: InferInsertModel<T>[K] | SQL },
): Promise<void> {
  await patch(table, which, { ...values, updatedAt: sql`${table.updatedAt}` } as typeof values)
}
