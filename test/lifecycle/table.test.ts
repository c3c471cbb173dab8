// The lifecycle table (docs/LIFECYCLE.md, issue 41 §1): what each life event does to everything a
// person owns. This file holds the cells where the event must leave a thing as it was, or reach
// it from another feature (a check-in, a booked session, credits, the Stripe subscription, a
// staff role's authority); the cells where the event ends or moves something are tested beside
// the code that does it (test/lifecycle/sessions, hosts, money, intervals). Each row builds one
// person who owns one of everything, takes a snapshot, lives the event through the Worker, and
// each `it` reads one column again.
import { env } from 'cloudflare:test'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { tokenHash } from '#worker/lib/crypto'
import { sessionKey } from '#worker/identity/records'
import { givenCredits, patchUser } from '../factories'
import { api } from '../helpers'
import { book, host as makeHost, madrid, dayIn } from '../appointments/support'
import { deliver, event, monthlyPlanEvents } from '../payments/support'
import { FakePushService } from '../push/fake-push-service'
import { devicesOf, save } from '../push/support'
import { bearer, changePassword, erase, login, register, saveRole, setRole } from '../users/support'

afterAll(() => vi.restoreAllMocks())

const status = async (token: string) => (await api('/v1/user', { headers: bearer(token) })).status

/** A person who owns one of everything: two sessions, a device, a check-in, credits, a booked session, a plan. */
async function personWithEverything(role: number = Role.patient) {
  const fake = new FakePushService()
  const host = await makeHost()
  const p = await register()
  const second = (await login(p.email)).body.user.token as string
  await patchUser(p.id, { phone: '+34600111222', timezone: 'Europe/Madrid' })
  await givenCredits(p.id, 9000, 'seed', `test:${p.id}`)
  const booked = await book(p.token, host.id, madrid(dayIn('Europe/Madrid', 3), 10))
  if (booked.res.status !== 201) throw new Error(`booking refused: ${JSON.stringify(booked.body)}`)
  const checkin = await api('/v1/checkin', { method: 'POST', headers: bearer(p.token), form: { mood: '3' } })
  if (checkin.status !== 200) throw new Error(`check-in refused ${checkin.status}`)
  const plan = monthlyPlanEvents(p.id)
  for (const ev of [plan.checkout, plan.created, plan.invoice()]) await deliver(ev)
  const device = await fake.subscribe()
  if ((await save(p.token, device)).res.status !== 201) throw new Error('device refused')
  if (role !== Role.patient) await setRole(p.id, role)
  return { p, second, host, appointmentId: booked.body.appointment.id as number, device }
}
type World = Awaited<ReturnType<typeof personWithEverything>>

/** Each column read the same way before and after the event. */
const columns = {
  /** The host's side of the same session: the rows below live the event as the host too. */
  'sessions they host': async (w: World) =>
    (await env.DB.prepare('SELECT count(*) AS n FROM appointments WHERE host_id = ?1 AND status IN (1, 2)')
      .bind(w.host.id)
      .first<{ n: number }>())!.n,
  'sessions they booked': async (w: World) =>
    (
      await env.DB.prepare('SELECT status FROM appointments WHERE id = ?1')
        .bind(w.appointmentId)
        .first<{ status: number }>()
    )?.status ?? null,
  'credits and refunds': async (w: World) =>
    (await env.DB.prepare('SELECT COALESCE(SUM(amount_cents), 0) AS c FROM credit_ledger WHERE user_id = ?1')
      .bind(w.p.id)
      .first<{ c: number }>())!.c,
  'check-ins': async (w: World) =>
    (await env.DB.prepare('SELECT count(*) AS n FROM checkins WHERE user_id = ?1').bind(w.p.id).first<{ n: number }>())!
      .n,
  'the Stripe subscription': async (w: World) => {
    const row = await env.DB.prepare(
      'SELECT u.subscriber AS subscriber, s.status AS status FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id WHERE u.id = ?1',
    )
      .bind(w.p.id)
      .first<{ subscriber: number; status: string }>()
    return row ? `${row.subscriber}:${row.status}` : null
  },
  'push devices': async (w: World) => (await devicesOf(w.p.id)).length,
  /** The mail a booked session still owes the person: its reminders go while the session is live. */
  'pending mail': async (w: World) =>
    (await env.DB.prepare(
      'SELECT count(*) AS n FROM appointments WHERE id = ?1 AND status IN (1, 2) AND start_at > unixepoch() * 1000',
    )
      .bind(w.appointmentId)
      .first<{ n: number }>())!.n,
} satisfies Record<string, (w: World) => Promise<unknown>>
type Column = keyof typeof columns

/**
 * A row of the table: the event, and the columns it must leave exactly as they were. A column
 * named in `changes` is read and compared by the given check instead.
 */
function row(
  name: string,
  opts: {
    role?: number
    act: (w: World) => Promise<void>
    keeps: Column[]
    changes?: Partial<Record<Column, (before: unknown, after: unknown) => void>>
    also?: Record<string, (w: World) => Promise<void>>
  },
) {
  describe(name, () => {
    let w: World
    const before = new Map<Column, unknown>()
    const after = new Map<Column, unknown>()
    beforeAll(async () => {
      w = await personWithEverything(opts.role)
      const named = [...opts.keeps, ...(Object.keys(opts.changes ?? {}) as Column[])]
      for (const c of named) before.set(c, await columns[c](w))
      await opts.act(w)
      for (const c of named) after.set(c, await columns[c](w))
    })
    for (const c of opts.keeps)
      it(`[${name} × ${c}] is kept as it was`, () => {
        expect(before.get(c), `${c} had something to lose`).not.toBe(null)
        expect(after.get(c)).toEqual(before.get(c))
      })
    for (const [c, check] of Object.entries(opts.changes ?? {}))
      it(`[${name} × ${c}] follows the event`, () => check!(before.get(c as Column), after.get(c as Column)))
    for (const [title, check] of Object.entries(opts.also ?? {})) it(`[${name} × ${title}]`, () => check(w))
  })
}

const everythingButDevices: Column[] = [
  'sessions they booked',
  'credits and refunds',
  'check-ins',
  'the Stripe subscription',
  'pending mail',
]

// ── Sessions that end: what the person owns stays theirs ─────────────────────────────────────
// Each is lived by the guest and by the psychologist of their session: neither side's ending
// touches the session they share.
const bothEnd = (end: (token: string) => Promise<void>) => async (w: World) => {
  await end(w.p.token)
  await end(w.host.token)
  expect(await status(w.p.token)).toBe(401)
  expect(await status(w.host.token)).toBe(401)
}
const sessionsEnd = (name: string, end: (token: string) => Promise<void>) =>
  row(name, { act: bothEnd(end), keeps: ['sessions they host', ...everythingButDevices] })

sessionsEnd('sign-out (POST /v1/user/logout)', async (token) => {
  expect((await api('/v1/user/logout', { method: 'POST', headers: bearer(token) })).status).toBe(200)
})

sessionsEnd('sign-out (GET /logout)', async (token) => {
  const res = await api('/logout', {
    headers: { cookie: `calma_session=${token}`, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
    redirect: 'manual',
  })
  expect(res.status).toBe(303)
})

sessionsEnd('session expiry', async (token) => {
  // What KV's TTL does at the session's end: the record is gone.
  await env.KV.delete(sessionKey(await tokenHash(env as never, token)))
})

sessionsEnd('sign-out everywhere', async (token) => {
  expect((await api('/v1/user/logout/all', { method: 'POST', headers: bearer(token) })).status).toBe(200)
})

row('password change', {
  act: async (w) => {
    expect((await changePassword(w.p.token, 'A-new-and-calm-password-7')).status).toBe(200)
    expect((await changePassword(w.host.token, 'A-new-and-calm-password-7')).status).toBe(200)
    expect(await status(w.second)).toBe(401)
  },
  keeps: ['sessions they host', ...everythingButDevices],
})

/** The companion cookie the service worker reads (decision 039) is not cleared by the next page. */
const companionKept = async (w: World) => {
  const first = await api('/profile', { headers: { cookie: `calma_session=${w.p.token}` } })
  const viewer = first.headers.get('x-calma-viewer')
  expect(viewer).toMatch(/^[A-Za-z0-9_-]{22}\.\d+$/)
  const again = await api('/profile', {
    headers: { cookie: `calma_session=${w.p.token}; __Host-calma_viewer=${viewer}` },
  })
  expect(again.status).toBe(200)
  expect(again.headers.get('x-calma-viewer')).toBe(viewer)
  expect(again.headers.getSetCookie().some((c) => c.startsWith('__Host-calma_viewer=;'))).toBe(false)
}

row('stopping notifications', {
  act: async (w) => {
    for (const token of [w.p.token, w.host.token]) {
      const res = await api('/v1/user/notifications/delete', { method: 'DELETE', headers: bearer(token) })
      expect(res.status).toBe(200)
    }
  },
  // The booked session's mail is the person's appointment, not a notification: it still goes.
  keeps: ['sessions they host', ...everythingButDevices],
  also: {
    'sessions and tokens: both sessions stay open': async (w) => {
      expect(await status(w.p.token)).toBe(200)
      expect(await status(w.second)).toBe(200)
    },
    'offline copies: the next page keeps the viewer': companionKept,
  },
})

// ── A staff role removed: the authority ends at once, what the person owns as a person stays ──
const demoted = (role: number, probe: string) => ({
  role,
  act: async (w: World) => {
    expect((await api(probe, { headers: bearer(w.p.token) })).status).toBe(200)
    const admin = await register()
    await setRole(admin.id, Role.admin)
    expect((await saveRole(bearer(admin.token), w.p.id, Role.patient)).status).toBe(200)
  },
  keeps: [...everythingButDevices, 'push devices'] as Column[],
  also: {
    'sessions and tokens: the session stays, the role’s calls answer 403 at once': async (w: World) => {
      expect(await status(w.p.token)).toBe(200)
      expect(await status(w.second)).toBe(200)
      expect((await api(probe, { headers: bearer(w.p.token) })).status).toBe(403)
      expect((await api(probe, { headers: bearer(w.second) })).status).toBe(403)
    },
    'offline copies: the next page keeps the viewer': companionKept,
  },
})
row('psychologist role removed', demoted(Role.psychologist, '/v1/my/availability'))
row('admin role removed', demoted(Role.admin, '/v1/users'))
row('publisher role removed', demoted(Role.publisher, '/v1/admin/routes'))

// ── Erasure: nothing of the person's health data stays ───────────────────────────────────────
row('erasure of a patient', {
  act: async (w) => {
    expect((await erase(w.p.token)).status).toBe(200)
  },
  keeps: [],
  changes: {
    'check-ins': (before, after) => {
      expect(before).toBe(1)
      expect(after).toBe(0)
    },
    'push devices': (before, after) => {
      expect(before).toBe(1)
      expect(after).toBe(0)
    },
  },
  also: {
    'sessions and tokens: every session ends': async (w) => {
      expect(await status(w.p.token)).toBe(401)
      expect(await status(w.second)).toBe(401)
    },
  },
})

// ── A failed renewal: access changes, nothing else the person owns does ──────────────────────
row('failed renewal (past_due)', {
  act: async (w) => {
    const sub = await env.DB.prepare('SELECT stripe_subscription_id AS id FROM subscriptions WHERE user_id = ?1')
      .bind(w.p.id)
      .first<{ id: string }>()
    const failed = event('invoice.payment_failed', {
      id: `in_failed_${sub!.id}`,
      customer: `cus_test_${w.p.id}`,
      amount_due: 16000,
      currency: 'usd',
      parent: { subscription_details: { subscription: sub!.id, metadata: { user_id: String(w.p.id) } } },
    })
    expect((await deliver(failed)).status).toBe(200)
  },
  keeps: ['sessions they booked', 'credits and refunds', 'check-ins', 'push devices', 'pending mail'],
  also: {
    'sessions and tokens: both sessions stay open': async (w) => {
      expect(await status(w.p.token)).toBe(200)
      expect(await status(w.second)).toBe(200)
    },
    'offline copies: the next page keeps the viewer': companionKept,
  },
})

// A booking was made above for every row: the slot it holds is the guest's, whatever the row.
it('every row above starts from a live booked session and a subscriber', async () => {
  const w = await personWithEverything()
  expect(await columns['sessions they booked'](w)).toBe(AppointmentStatus.pending)
  expect(await columns['the Stripe subscription'](w)).toBe('1:1')
  // $90 given, $45 spent on the booking, $180 of the monthly plan's credits.
  expect(await columns['credits and refunds'](w)).toBe(22500)
})
