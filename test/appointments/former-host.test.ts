// A psychologist whose role was removed (docs/API.md "Appointments", docs/decisions/038 "Found
// from outside, and closed"): the host's actions need the role now; a former host reads, and
// only reads, the appointments that have started; the guests of their appointments to come are
// refunded in full when they cancel, and the former host hears no more of them.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { SESSION_PRICE_CENTS } from '#shared/limits'
import { api } from '../helpers'
import { retime } from '../factories'
import { bearer, setRole } from '../users/support'
import { balance, book, call, dayIn, guest, host, madrid } from './support'

const HOUR = 3_600_000

/** Moves an appointment to start `fromNow` ms from now (negative: it has started), an hour long. */
async function moveTo(id: number, fromNow: number) {
  await retime(id, Date.now() + fromNow)
}

describe('a former host', () => {
  it('reads the appointments that have started, read-only; not those to come, nor the next one as host', async () => {
    const h = await host()
    const g = await guest(90)
    const past = await book(g.token, h.id, madrid(dayIn('Europe/Madrid', 3), 10))
    const coming = await book(g.token, h.id, madrid(dayIn('Europe/Madrid', 4), 10))
    expect([past.res.status, coming.res.status]).toEqual([201, 201])
    const pastId = past.body.appointment.id as number
    const comingId = coming.body.appointment.id as number
    // Both sides confirmed the first, which then took place (an hour and a half ago).
    expect((await call(g.token, 'POST', '/v1/appointment/confirm', { id: String(pastId) })).res.status).toBe(200)
    expect((await call(h.token, 'POST', '/v1/appointment/confirm', { id: String(pastId) })).res.status).toBe(200)
    await moveTo(pastId, -1.5 * HOUR)

    await setRole(h.id, Role.patient)

    const listed = await call(h.token, 'GET', '/v1/appointments?with_relations=guest')
    expect(listed.res.status).toBe(200)
    const ids = (listed.body.appointments as any[]).map((a) => a.id)
    expect(ids).toContain(pastId)
    expect(ids).not.toContain(comingId)
    // Read-only: the host's close of the session that took place is refused too.
    const closed = await call(h.token, 'POST', '/v1/appointment/close', {
      id: String(pastId),
      status: String(AppointmentStatus.attended),
    })
    expect(closed.res.status).toBe(403)
    expect(
      (await call(h.token, 'POST', '/v1/appointment/cancel', { id: String(comingId), reason: '1' })).res.status,
    ).toBe(403)
    // The calendar file of the one that took place is theirs to read; of the one to come, not found.
    const ics = (id: number) => api(`/appointment/${id}/calendar.ics`, { headers: bearer(h.token) })
    expect((await ics(pastId)).status).toBe(200)
    expect((await ics(comingId)).status).toBe(404)
    // Nothing waits on them as host.
    const next = await call(h.token, 'GET', '/v1/appointment/notification')
    expect(next.body.appointment).toBeNull()
    // The guest still sees both.
    const mine = (await call(g.token, 'GET', '/v1/appointments')).body.appointments as any[]
    expect(mine.map((a) => a.id)).toEqual(expect.arrayContaining([pastId, comingId]))
  })

  it('the guest who cancels a session the former host cannot hold gets all of it back, even late; the former host is not mailed', async () => {
    const h = await host()
    const g = await guest(45)
    const booked = await book(g.token, h.id, madrid(dayIn('Europe/Madrid', 3), 11))
    expect(booked.res.status).toBe(201)
    const id = booked.body.appointment.id as number
    // Within the last 24 hours, when a guest's own cancel gives nothing back (docs/API.md).
    await moveTo(id, 3 * HOUR)
    await setRole(h.id, Role.patient)
    const before = await balance(g.id)
    const hostMailsBefore = await mailsTo(h.id)

    const cancelled = await call(g.token, 'POST', '/v1/appointment/cancel', { id: String(id), reason: '1' })
    expect(cancelled.res.status).toBe(200)
    expect(cancelled.body.refunded_credits).toBe(SESSION_PRICE_CENTS / 100)
    expect((await balance(g.id)) - before).toBe(SESSION_PRICE_CENTS)
    expect(await mailsTo(h.id)).toBe(hostMailsBefore)
  })
})

const mailsTo = async (userId: number) =>
  (await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM email_outbox WHERE template = 'appointment' AND to_address = (SELECT email FROM users WHERE id = ?1)",
  )
    .bind(userId)
    .first<{ n: number }>())!.n
