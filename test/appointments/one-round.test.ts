// Booking and cancelling in one batch each (decision 084): the mails are written by the very batch
// that made the change (never by a concurrent request that found it made), carry the id that
// batch gave, and nothing is written when the booking or the caller is refused.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CancellationReason } from '#shared/enums'
import { api, json } from '../helpers'
import { patchUser } from '../factories'
import { bearer, signInWithLink } from '../users/support'
import { balance, book, call, day, failD1Statements, guest, host, madrid } from './support'

const mailsTo = (to: string) =>
  env.DB.prepare(
    "SELECT subject, html, text, attachments FROM email_outbox WHERE to_address = ?1 AND template = 'appointment' ORDER BY id",
  )
    .bind(to)
    .all<{ subject: string; html: string; text: string; attachments: string | null }>()
    .then((r) => r.results)

const rowsOf = (guestId: number) =>
  env.DB.prepare('SELECT id, status FROM appointments WHERE guest_id = ?1')
    .bind(guestId)
    .all<{ id: number; status: number }>()
    .then((r) => r.results)

describe('booking and cancelling write their mails in their own batch (decision 084)', () => {
  it('the same booking sent 8 times at once: one booking, one mail to each side, with the new id in its link and calendar file', async () => {
    const h = await host()
    const g = await guest()
    const start = madrid(day(5), 10)
    const answers = await Promise.all(Array.from({ length: 8 }, () => book(g.token, h.id, start)))
    const statuses = answers.map((a) => a.res.status).sort()
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(statuses),
    ).toHaveLength(1)
    expect(
      statuses.filter((s) => s !== 201 && s !== 409),
      JSON.stringify(statuses),
    ).toEqual([])
    const id = answers.find((a) => a.res.status === 201)!.body.appointment.id as number
    for (const to of [g.email, h.email]) {
      const mails = await mailsTo(to)
      expect(mails, to).toHaveLength(1)
      const [m] = mails
      for (const part of [m!.subject, m!.html, m!.text, m!.attachments ?? ''])
        expect(part).not.toContain('CalmaAppointmentId')
      expect(new URL(/https?:\/\/\S+\/appointment\/\?\S+/.exec(m!.text)![0]).searchParams.get('appointment_id')).toBe(
        String(id),
      )
      expect(m!.html).toContain(`appointment_id=${id}&amp;`)
      expect(m!.attachments).toContain(`UID:appointment-${id}@calma.app`)
    }
    expect(await balance(g.id)).toBe(90_00 - 4_500)
  })

  it('a cancel sent 8 times at once: one cancellation, one refund, one mail to each side', async () => {
    const h = await host()
    const g = await guest()
    const booked = await book(g.token, h.id, madrid(day(6), 11))
    expect(booked.res.status).toBe(201)
    const id = String(booked.body.appointment.id)
    const before = await balance(g.id)
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(g.token, 'POST', '/v1/appointment/cancel', {
          id,
          reason: String(CancellationReason.schedule_conflict),
        }),
      ),
    )
    const statuses = answers.map((a) => a.res.status)
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(statuses),
    ).toHaveLength(1)
    expect(
      statuses.filter((s) => s !== 200 && s !== 409),
      JSON.stringify(statuses),
    ).toEqual([])
    const refunded = answers.find((a) => a.res.status === 200)!.body.refunded_credits as number
    expect(await balance(g.id)).toBe(before + refunded * 100)
    expect(refunded).toBeGreaterThan(0)
    for (const to of [g.email, h.email]) {
      const mails = await mailsTo(to)
      expect(
        mails.map((m) => m.attachments?.includes('STATUS:CANCELLED') ?? false),
        to,
      ).toEqual([false, true])
    }
  })

  it('a refused booking writes nothing: no appointment, no debit, no mail', async () => {
    const h = await host()
    const poor = await guest(10)
    const { res } = await book(poor.token, h.id, madrid(day(5), 12))
    expect(res.status).toBe(402)
    expect(await rowsOf(poor.id)).toEqual([])
    expect(await mailsTo(poor.email)).toEqual([])
    expect(await mailsTo(h.email)).toEqual([])
    expect(await balance(poor.id)).toBe(10_00)
  })

  it('a caller whose password D1 changed (their session ended elsewhere, KV not told yet) books and cancels nothing: 401', async () => {
    const h = await host()
    const g = await guest()
    const booked = await book(g.token, h.id, madrid(day(7), 10))
    expect(booked.res.status).toBe(201)
    // Written in D1 alone, as a change at another location is before KV carries it (decision 038).
    await env.DB.prepare("UPDATE users SET password_hash = 'changed-elsewhere' WHERE id = ?1").bind(g.id).run()
    const again = await book(g.token, h.id, madrid(day(7), 11))
    expect(again.res.status, JSON.stringify(again.body)).toBe(401)
    const cancelled = await api('/v1/appointment/cancel', {
      method: 'POST',
      headers: bearer(g.token),
      form: { id: String(booked.body.appointment.id), reason: String(CancellationReason.schedule_conflict) },
    })
    expect(cancelled.status, JSON.stringify(await json(cancelled))).toBe(401)
    expect((await rowsOf(g.id)).map((r) => r.status)).toEqual([1])
    expect(await mailsTo(g.email)).toHaveLength(1)
    // Moving is confirmed beside its first read too: refused, nothing moved, nobody mailed.
    const before = await env.DB.prepare('SELECT start_at, moves FROM appointments WHERE id = ?1')
      .bind(booked.body.appointment.id)
      .first()
    const moved = await call(g.token, 'POST', '/v1/appointment/move', {
      id: String(booked.body.appointment.id),
      current_start_at: booked.body.appointment.start_at,
      start_at: madrid(day(7), 12),
    })
    expect(moved.res.status, JSON.stringify(moved.body)).toBe(401)
    expect(
      await env.DB.prepare('SELECT start_at, moves FROM appointments WHERE id = ?1')
        .bind(booked.body.appointment.id)
        .first(),
    ).toEqual(before)
    expect(await mailsTo(g.email)).toHaveLength(1)
    expect(await mailsTo(h.email)).toHaveLength(1)
  })

  it('the same move sent 6 times at once: one move, one mail to each side', async () => {
    const h = await host()
    const g = await guest()
    const booked = await book(g.token, h.id, madrid(day(6), 10))
    const a = booked.body.appointment
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(g.token, 'POST', '/v1/appointment/move', {
          id: String(a.id),
          current_start_at: a.start_at,
          start_at: madrid(day(6), 11),
        }),
      ),
    )
    expect(answers.filter((x) => x.res.status === 200)).toHaveLength(1)
    // The booking's mail and the move's, on each side.
    expect(await mailsTo(g.email)).toHaveLength(2)
    expect(await mailsTo(h.email)).toHaveLength(2)
  })
})

/** The sign-in token of the booking mail `to` got (its link to the appointment). */
const linkIn = async (to: string) => {
  const [m] = await mailsTo(to)
  return new URL(/https?:\/\/\S+\/appointment\/\?\S+/.exec(m!.text)![0]).searchParams.get('authorization')!
}

// Found by the outside review of decision 084: what fails beside a booking's batch never fails a
// booking that was written, nor takes the mails' sign-in links away from them.
describe('what fails beside a booking that was written (decision 084, the outside review)', () => {
  afterEach(() => vi.restoreAllMocks())

  it('a sign-in link that cannot be kept in KV: the booking is still 201, debited once, its mails written', async () => {
    const h = await host()
    const g = await guest()
    const put = env.KV.put.bind(env.KV)
    vi.spyOn(env.KV, 'put').mockImplementation(((
      key: string,
      ...rest: Parameters<typeof put> extends [unknown, ...infer R] ? R : never
    ) => (key.startsWith('temporary:') ? Promise.reject(new Error('KV down')) : put(key, ...rest))) as typeof put)
    const r = await book(g.token, h.id, madrid(day(5), 10))
    vi.restoreAllMocks()
    expect(r.res.status, JSON.stringify(r.body)).toBe(201)
    expect((await rowsOf(g.id)).map((a) => a.id)).toEqual([r.body.appointment.id])
    expect(await balance(g.id)).toBe(90_00 - 4_500)
    expect(await mailsTo(g.email)).toHaveLength(1)
    expect(await mailsTo(h.email)).toHaveLength(1)
  })

  it('the slot’s release failing after the batch booked: 201, and the mails’ sign-in links still sign in', async () => {
    const h = await host()
    const g = await guest()
    const get = env.SCHEDULES.get.bind(env.SCHEDULES)
    vi.spyOn(env.SCHEDULES, 'get').mockImplementation(((id: DurableObjectId) => {
      const stub = get(id)
      return {
        hold: (...a: Parameters<typeof stub.hold>) => stub.hold(...a),
        release: () => Promise.reject(new Error('schedule object unreachable')),
      }
    }) as unknown as typeof get)
    const r = await book(g.token, h.id, madrid(day(5), 10))
    vi.restoreAllMocks()
    expect(r.res.status, JSON.stringify(r.body)).toBe(201)
    expect((await signInWithLink(g.id, await linkIn(g.email))).status).toBe(200)
    expect((await signInWithLink(h.id, await linkIn(h.email))).status).toBe(200)
  })

  it('a person’s name holding the old id marker keeps its text; only the link and calendar file get the id', async () => {
    const h = await host()
    const g = await guest()
    await patchUser(g.id, { name: 'Ana CalmaAppointmentId0 Ruiz' })
    await patchUser(h.id, { name: 'Dr CalmaAppointmentId0' })
    const r = await book(g.token, h.id, madrid(day(5), 11))
    expect(r.res.status, JSON.stringify(r.body)).toBe(201)
    const id = r.body.appointment.id as number
    for (const to of [g.email, h.email]) {
      const [m] = await mailsTo(to)
      expect(m!.text).not.toContain(`Ana ${id} Ruiz`)
      expect(m!.text).not.toContain(`Dr ${id}`)
      expect(m!.text).toMatch(/Ana CalmaAppointmentId0 Ruiz|Dr CalmaAppointmentId0/)
      expect(m!.attachments).toContain(`UID:appointment-${id}@calma.app`)
    }
  })

  it('the host’s row not read before the batch: both people are still mailed, with links that sign them in', async () => {
    const h = await host()
    const g = await guest()
    // The read of the host's whole row (their password hash, for their link) fails once, as a D1
    // error would; every other read, the caller's own row at the primary included, answers.
    const failed = failD1Statements(
      (sql, args) => args[0] === h.id && /"password_hash".* from "users" where "users"\."id" = \?/.test(sql),
      { once: true, error: 'D1 overloaded' },
    )
    const r = await book(g.token, h.id, madrid(day(6), 10))
    vi.restoreAllMocks()
    expect(r.res.status, JSON.stringify(r.body)).toBe(201)
    expect(failed()).toBe(1)
    expect(await mailsTo(g.email)).toHaveLength(1)
    expect(await mailsTo(h.email)).toHaveLength(1)
    expect((await signInWithLink(h.id, await linkIn(h.email))).status).toBe(200)
  })
})
