// The lifecycle table under races, as the outside attack of issue 41 §5 found them: a life event
// that arrives together with the write it must reach (a booking, a device saved), and an admin
// whose past work is referenced by other rows. Each was reproduced through HTTP before its fix.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import worker from '#worker/index'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Role } from '#shared/enums'
import { api } from '../helpers'
import { balance, book, guest, host, madrid, dayIn } from '../appointments/support'
import { FakePushService } from '../push/fake-push-service'
import { devicesOf, save } from '../push/support'
import { admin, packEvents, send, txOf } from '../payments/money-world'
import { deliver } from '../payments/support'
import { bearer, captcha, erase, register, setRole } from '../users/support'

afterEach(() => vi.restoreAllMocks())

/** The guests' live sessions (pending or confirmed) whose psychologist is gone or no longer hosts. */
const orphans = async (guests: { id: number }[]) =>
  (await env.DB.prepare(
    `SELECT count(*) AS n FROM appointments a LEFT JOIN users u ON u.id = a.host_id
       WHERE a.status IN (1, 2) AND (a.host_id IS NULL OR u.role <> ?1)
         AND a.guest_id IN (SELECT value FROM json_each(?2))`,
  )
    .bind(Role.psychologist, JSON.stringify(guests.map((g) => g.id)))
    .first<{ n: number }>())!.n

/**
 * A call as the Worker gets it, with D1 `far` ms away for this request alone (D1_DELAY_MS, issue
 * 43 §3): the life event's steps take long enough for bookings to land between them, as they do
 * at the edge, where each of its D1 rounds is a round trip.
 */
async function slowCall(method: string, path: string, token: string, form: Record<string, string> = {}, far = 40) {
  const fd = new FormData()
  for (const [k, v] of Object.entries(form)) fd.append(k, v)
  const ctx = createExecutionContext()
  const res = await worker.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { ...bearer(token), accept: 'application/json', locale: 'en', 'x-captcha-token': captcha() },
      body: fd,
    }),
    { ...env, D1_DELAY_MS: String(far) } as never,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return res
}

/**
 * Eight guests booking the host's morning hours `lag` ms after `leave` started: some land before
 * its first read, some between its steps, some after it.
 */
async function bookingsRacing(leave: (hostToken: string, hostId: number) => Promise<Response>, lag: number) {
  const h = await host()
  const guests = await Promise.all(Array.from({ length: 8 }, () => guest(45)))
  const day = dayIn('Europe/Madrid', 3)
  const answers = await Promise.all([
    leave(h.token, h.id).then((r) => r.status),
    ...guests.map((g, i) =>
      new Promise((r) => setTimeout(r, lag + i * 15))
        .then(() => book(g.token, h.id, madrid(day, 9 + (i % 4)), 'en'))
        .then((r) => r.res.status),
    ),
  ])
  return { h, guests, answers }
}

async function anAdmin() {
  const a = await register()
  await setRole(a.id, Role.admin)
  return a
}

describe('a psychologist who leaves while guests are booking', () => {
  for (const [how, leave] of [
    ['erases their account', (token: string) => slowCall('DELETE', '/v1/user', token)],
    [
      'is erased by an admin',
      async (_t: string, id: number) => slowCall('DELETE', '/v1/user', (await anAdmin()).token, { id: String(id) }),
    ],
    [
      'loses the role',
      async (_t: string, id: number) =>
        slowCall('POST', '/v1/admin/user', (await anAdmin()).token, { id: String(id), role: String(Role.patient) }),
    ],
  ] as [string, (token: string, id: number) => Promise<Response>][])
    it(`[erasure of a psychologist × sessions they host] ${how}: no booking is left live without a psychologist, and every guest has their credits`, async () => {
      for (const lag of [0, 100]) {
        const { guests, answers } = await bookingsRacing(leave, lag)
        expect(answers[0]).toBe(200)
        expect(
          answers.slice(1).every((s) => s === 201 || s === 409 || s === 404),
          String(answers),
        ).toBe(true)
        expect(await orphans(guests), `bookings from ${lag} ms after the leave started: ${answers}`).toBe(0)
        // Whatever the order: a booking refused never took the $45; one made was cancelled with it back.
        for (const g of guests) expect(await balance(g.id)).toBe(4500)
      }
    }, 120_000)
})

describe('an admin whose past work other rows name', () => {
  it('[erasure of an admin × credits and refunds] an admin who answered a refund request can be erased; the request keeps its answer with no one attached', async () => {
    const a = await admin()
    const p = await register()
    const pack = packEvents(p.id, 'credits_1', 4000)
    await deliver(pack.checkout)
    const tx = await txOf(p.id)
    const asked = await send(p.token, 'POST', '/v1/user/refund', {
      reason: 'Changed my mind.',
      transaction_id: String(tx.id),
    })
    expect(asked.res.status).toBe(201)
    const id = asked.body.refund_request.id as number
    expect((await send(a.token, 'POST', '/v1/refund/reject', { id: String(id) })).res.status).toBe(200)
    const boss = await admin()
    const gone = await erase(boss.token, a.id)
    expect(gone.status).toBe(200)
    const row = await env.DB.prepare('SELECT status, resolved_by FROM refund_requests WHERE id = ?1')
      .bind(id)
      .first<{ status: string; resolved_by: number | null }>()
    expect(row).toEqual({ status: 'rejected', resolved_by: null })
    // And by themselves, after answering one.
    const c = await admin()
    const q = await register()
    const pack2 = packEvents(q.id, 'credits_1', 4000)
    await deliver(pack2.checkout)
    const asked2 = await send(q.token, 'POST', '/v1/user/refund', {
      reason: 'No.',
      transaction_id: String((await txOf(q.id)).id),
    })
    expect(
      (await send(c.token, 'POST', '/v1/refund/reject', { id: String(asked2.body.refund_request.id) })).res.status,
    ).toBe(200)
    expect((await erase(c.token)).status).toBe(200)
  }, 60_000)
})

describe('a device saved while its session ends', () => {
  for (const [how, end] of [
    [
      'sign-out (POST /v1/user/logout)',
      (token: string) => api('/v1/user/logout', { method: 'POST', headers: bearer(token) }),
    ],
    ['sign-out everywhere', (token: string) => api('/v1/user/logout/all', { method: 'POST', headers: bearer(token) })],
  ] as [string, (token: string) => Promise<Response>][])
    it(`[${how} × push devices] a save that lands together with the sign-out does not outlive the session`, async () => {
      const fake = new FakePushService()
      for (let round = 0; round < 6; round++) {
        const r = await register({ password: '' })
        const phone = await fake.subscribe()
        const [saved, ended] = await Promise.all([save(r.token, phone), end(r.token)])
        expect(ended.status).toBe(200)
        expect([201, 401]).toContain(saved.res.status)
        expect(await devicesOf(r.id), `round ${round}: saved ${saved.res.status}`).toEqual([])
      }
    }, 60_000)
})
