// Shared factories for the appointment tests (CONVENTIONS 10: each test makes its own data).
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { AppointmentStatus, Role } from '#shared/enums'
import type { Locale } from '#shared/i18n/index'
import type { Ctx } from '#worker/context'
import { getDb } from '#worker/db/client'
import { psychologistAvailability, users } from '#worker/db/schema'
import type { Env } from '#worker/env'
import { instantOf } from '#worker/lib/zones'
import { given, givenCredits, makeAppointment, patchUser } from '../factories'
import { api, json } from '../helpers'
import { bearer, register, setRole } from '../users/support'

export async function call(
  token: string,
  method: string,
  path: string,
  form: Record<string, string> = {},
  locale = 'en',
) {
  const res = await api(path, { method, headers: bearer(token), form: method === 'GET' ? undefined : form, locale })
  return { res, body: await json(res) }
}

/** A psychologist in `zone`, open, with hours 9:00-13:00 every day (60-minute slots). */
export async function host(zone = 'Europe/Madrid', open = true) {
  const h = await register()
  await setRole(h.id, Role.psychologist)
  await patchUser(h.id, { psychologistOpenToGetAppointment: open, timezone: zone })
  await openHours(h.id, zone)
  return h
}

/** Hours 9:00-13:00 in `zone` every day of the week, in 60-minute slots. */
export async function openHours(hostId: number, zone = 'Europe/Madrid') {
  for (let weekday = 0; weekday < 7; weekday++)
    await given(psychologistAvailability, {
      hostId,
      weekday,
      startMinute: 540,
      endMinute: 780,
      slotMinutes: 60,
      timezone: zone,
    })
}

/** A patient with a phone and `dollars` of credits. */
export async function guest(dollars = 90, phone: string | null = '+34600111222') {
  // No password: a guest books with the session of its registration (see register()).
  const g = await register({ password: '' })
  await patchUser(g.id, { phone, timezone: 'Europe/Madrid' })
  if (dollars) await givenCredits(g.id, dollars * 100, 'seed', `test:${g.id}`)
  return g
}

export const balance = async (userId: number) =>
  (await env.DB.prepare('SELECT COALESCE(SUM(amount_cents), 0) AS c FROM credit_ledger WHERE user_id = ?1')
    .bind(userId)
    .first<{ c: number }>())!.c
export const day = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10)
/** A day counted from today in `zone` (the API's "yesterday" is the guest zone's, not UTC's: from 23:00 UTC Madrid is a day ahead). */
export const dayIn = (zone: string, daysAhead: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date())
  return new Date(Date.parse(`${today}T12:00:00Z`) + daysAhead * 86_400_000).toISOString().slice(0, 10)
}
export const madrid = (date: string, hour: number) =>
  new Date(instantOf(date, hour * 60, 'Europe/Madrid')!).toISOString()
export const book = (token: string, hostId: number, startAt: string, locale = 'en', channel = '1') =>
  call(
    token,
    'POST',
    '/v1/appointment',
    { host_id: String(hostId), start_at: startAt, meeting_channel: channel },
    locale,
  )

/**
 * The service context of `userId` as the Worker builds it for a request, for the few tests that
 * must move the clock (the services take `now`); everything else goes through the Worker.
 */
export async function ctxFor(userId: number, locale: Locale = 'en'): Promise<Ctx> {
  const db = getDb(env.DB)
  const row = (await db.select().from(users).where(eq(users.id, userId)).get())!
  return {
    env: env as unknown as Env,
    db,
    locale,
    user: {
      id: row.id,
      role: row.role,
      name: row.name,
      email: row.email,
      language: locale,
      subscriber: !!row.subscriber,
      row,
    },
    ip: null,
    linkBase: 'http://localhost',
    waitUntil: () => {},
  }
}

/**
 * D1 answers the statements `fails` picks with an error, as a failing D1 would, in the sessions
 * `inSession` allows (default: every `withSession`); the binding and every other statement stay
 * real. `once`: only the first one picked fails. Answers the count failed so far;
 * `vi.restoreAllMocks()` ends it.
 */
export function failD1Statements(
  fails: (sql: string, args: unknown[]) => boolean,
  { once = false, inSession = () => true, error = 'D1_ERROR: Network connection lost.' } = {} as {
    once?: boolean
    inSession?: (constraint?: string) => boolean
    error?: string
  },
) {
  const withSession = env.DB.withSession.bind(env.DB)
  let failed = 0
  const failing = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === 'bind')
          return (...args: unknown[]) =>
            !(once && failed) && sql !== FAILING && fails(sql, args)
              ? failing(target.bind(...args), FAILING)
              : target.bind(...args)
        if (sql === FAILING && ['all', 'raw', 'first', 'run'].includes(String(prop)))
          return () => {
            failed++
            return Promise.reject(new Error(error))
          }
        const v = Reflect.get(target, prop, target)
        return typeof v === 'function' ? v.bind(target) : v
      },
    })
  vi.spyOn(env.DB, 'withSession').mockImplementation(((c?: string) => {
    const session = withSession(c)
    if (!inSession(c)) return session
    return new Proxy(session, {
      get(target, prop) {
        if (prop === 'prepare') return (sql: string) => failing(target.prepare(sql), sql)
        const v = Reflect.get(target, prop, target)
        return typeof v === 'function' ? v.bind(target) : v
      },
    })
  }) as typeof withSession)
  return () => failed
}
const FAILING = '\u0000failing'

/** A confirmed session of `guestId` with `hostId` that started an hour ago (or at `more.startAt`), paid 45: one a host may close. */
export const tookPlace = (guestId: number, hostId: number, more: { startAt?: number } = {}) => {
  const start = more.startAt ?? Date.now() - 3_600_000
  return makeAppointment(guestId, hostId, start, {
    status: AppointmentStatus.confirmed,
    priceCents: 4_500,
    endAt: new Date(start + 3_000_000),
    createdAt: new Date(start - 86_400_000),
    updatedAt: new Date(start - 86_400_000),
  })
}

/** The session's status as D1 has it. */
export const statusOf = async (id: number) =>
  (await env.DB.prepare('SELECT status FROM appointments WHERE id = ?1').bind(id).first<{ status: number }>())!.status

/**
 * POST `path` as the holder of `token` whose form is held at its last byte until `release` (a slow
 * client's upload, as test/users/break-sessions.test.ts holds one), through the Worker's fetch.
 */
export function heldPost(token: string, path: string, form: Record<string, string>) {
  const bytes = new TextEncoder().encode(new URLSearchParams(form).toString())
  const { readable, writable } = new FixedLengthStream(bytes.byteLength)
  const writer = writable.getWriter()
  const started = writer.write(bytes.slice(0, -1))
  const answer = (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, {
    method: 'POST',
    headers: { ...bearer(token), accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: readable,
  })
  return {
    started,
    answer,
    release: async () => {
      await started
      await writer.write(bytes.slice(-1))
      await writer.close()
    },
  }
}
