// Appointments through the Worker (issue 9): slots, booking exactly once, confirm, cancel,
// close, who may do what, and the credits that move with them.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, MeetingChannel, Role } from '#shared/enums'
import * as appointments from '#worker/features/appointments/appointments.service'
import { listSlots } from '#worker/features/appointments/appointments.slots.service'
import { appointments as appointmentRows } from '#worker/db/schema'
import { givenCredits, makeAppointment, makeUser, patch, patchUser } from '../factories'
import { expectFieldErrors } from '../helpers'
import { register, setRole } from '../users/support'
import { balance, book, call, ctxFor, day, dayIn, guest, host, madrid } from './support'

describe('slots', () => {
  it('lists the free slots of a day in the guest’s zone, grouped by period; a booked one is gone; none: the message', async () => {
    const h = await host()
    const g = await guest()
    const date = day(4)
    const { res, body } = await call(
      g.token,
      'GET',
      `/v1/appointment/slots?host_id=${h.id}&date=${date}&timezone=Europe/Madrid`,
    )
    expect(res.status).toBe(200)
    expect(body.slots.map((s: any) => [s.time, s.period])).toEqual([
      ['09:00', 'morning'],
      ['10:00', 'morning'],
      ['11:00', 'morning'],
      ['12:00', 'afternoon'],
    ])
    const fromBogota = await call(
      g.token,
      'GET',
      `/v1/appointment/slots?host_id=${h.id}&date=${date}&timezone=America/Bogota`,
    )
    expect(fromBogota.body.timezone).toBe('America/Bogota')
    expect(fromBogota.body.slots[0].start_at).toBe(body.slots[0].start_at)

    expect((await book(g.token, h.id, body.slots[1].start_at)).res.status).toBe(201)
    const after = await call(
      g.token,
      'GET',
      `/v1/appointment/slots?host_id=${h.id}&date=${date}&timezone=Europe/Madrid`,
    )
    expect(after.body.slots.map((s: any) => s.time)).toEqual(['09:00', '11:00', '12:00'])

    const closed = await host('Europe/Madrid', false)
    const none = await call(g.token, 'GET', `/v1/appointment/slots?host_id=${closed.id}&date=${date}`, {}, 'es')
    expect(none.res.status).toBe(404)
    expect(none.body.message).toBe('No hay psicólogos disponibles.')
    const yesterday = await call(
      g.token,
      'GET',
      `/v1/appointment/slots?host_id=${h.id}&date=${dayIn('Europe/Madrid', -1)}&timezone=Europe/Madrid`,
    )
    expect(yesterday.body.slots).toEqual([])
    expect(yesterday.body.message).toBe('No slots for this day.')
  })
})

/** `npm run test:deep` (VITE_FUZZ_RUNS set, decision 031) sends 200 guests; every run, 60 (the race is the same, npm test's budget is not). */
const GUESTS = (import.meta as unknown as { env?: Record<string, string | undefined> }).env?.VITE_FUZZ_RUNS ? 200 : 60

describe('booking', () => {
  it(`${GUESTS} guests book one slot at once: exactly one succeeds, the others get 409; credits move once`, async () => {
    const h = await host()
    const start = madrid(day(6), 10)
    const guests = []
    for (let i = 0; i < GUESTS; i++) guests.push(await guest(45))
    const answers = await Promise.all(guests.map((g) => book(g.token, h.id, start)))
    const ok = answers.filter((a) => a.res.status === 201)
    expect(ok).toHaveLength(1)
    const refused = answers.filter((a) => a.res.status !== 201)
    expect(new Set(refused.map((a) => a.res.status))).toEqual(new Set([409]))
    expect(refused[0]!.body.message).toBe('Someone has just booked this time. Please choose another one.')
    expect(
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM appointments WHERE host_id = ?1')
        .bind(h.id)
        .first<{ n: number }>())!.n,
    ).toBe(1)
    const winner = guests[answers.indexOf(ok[0]!)]!
    expect(await balance(winner.id)).toBe(0)
    expect(ok[0]!.body.credits).toBe(0)
    for (const g of guests) if (g !== winner) expect(await balance(g.id)).toBe(4500)
    // The balance the profile shows is the ledger's sum.
    const me = await call(winner.token, 'GET', '/v1/user')
    expect(me.body.user.credits).toBe(0)
  }, 120_000)

  it('one guest booking two slots at once with credits for one: one booking, never a negative balance', async () => {
    const h = await host()
    const g = await guest(45)
    const date = day(7)
    const answers = await Promise.all([book(g.token, h.id, madrid(date, 9)), book(g.token, h.id, madrid(date, 10))])
    expect(answers.map((a) => a.res.status).sort()).toEqual([201, 402])
    expect(await balance(g.id)).toBe(0)
  })

  it('refuses bad input with field errors in both languages: phone, credits, past, off the grid, unknown or closed host, channel', async () => {
    const h = await host()
    const g = await guest()
    const start = madrid(day(8), 10)
    const noPhone = await guest(90, null)
    const p = await book(noPhone.token, h.id, start, 'es')
    expect(p.res.status).toBe(422)
    expect(p.body.errors.phone[0]).toBe('Añade un teléfono con su prefijo de país para reservar una sesión.')
    const poor = await guest(0)
    expect((await book(poor.token, h.id, start)).body.message).toBe('You do not have enough credits for this session.')
    const past = await book(g.token, h.id, madrid(day(-2), 10))
    expect(past.res.status).toBe(422)
    expect(past.body.errors.start_at).toBeTruthy()
    const off = await book(g.token, h.id, new Date(Date.parse(start) + 30 * 60_000).toISOString(), 'es')
    expect(off.res.status).toBe(422)
    expect(off.body.errors.start_at[0]).toBe('Esta hora no es uno de los horarios del profesional.')
    expect((await book(g.token, 999_999, start)).res.status).toBe(404)
    const closed = await host('Europe/Madrid', false)
    expect((await book(g.token, closed.id, start)).res.status).toBe(404)
    const channel = await book(g.token, h.id, start, 'en', '3')
    expect(channel.res.status).toBe(422)
    expect(channel.body.errors.meeting_channel[0]).toBe('Choose one of the options.')
    const bad = await call(
      g.token,
      'POST',
      '/v1/appointment',
      { host_id: 'x', start_at: 'tomorrow', meeting_channel: '1' },
      'es',
    )
    expectFieldErrors(bad, ['host_id', 'start_at'])
    expect(await balance(g.id)).toBe(9000)
  })

  it('a booking on the days the clocks change lands at the wall-clock time chosen', async () => {
    // The changes are more than BOOKING_HORIZON_DAYS away for most of the year, so the service
    // is called with its clock set a week before each change (the Worker's clock cannot move).
    const h = await host()
    const g = await guest(200)
    const ctx = await ctxFor(g.id)
    for (const [date, hour, iso] of [
      ['2027-03-28', 10, '2027-03-28T08:00:00.000Z'], // Madrid springs forward that night
      ['2027-10-31', 10, '2027-10-31T09:00:00.000Z'], // and falls back
    ] as const) {
      const now = Date.parse(`${date}T00:00:00Z`) - 7 * 86_400_000
      const slots = await listSlots(ctx, { host_id: h.id, date, timezone: 'Europe/Madrid' }, now)
      const ten = slots.slots.find((s) => s.time === `${hour}:00`)!
      expect(ten.start_at).toBe(iso)
      const made = await appointments.book(
        ctx,
        { host_id: h.id, start_at: Date.parse(ten.start_at), meeting_channel: 1 },
        now,
      )
      expect(made.appointment.start_at).toBe(iso)
    }
  })

  it('a subscriber pays with the sessions their plan granted: 4, then the 5th is refused', async () => {
    const h = await host()
    const g = await guest(0)
    await patchUser(g.id, { subscriber: true })
    // What invoice.paid writes for a month of the plan (features/payments): 4 × 45$.
    await givenCredits(g.id, 18000, 'subscription_grant', `sub:test:${g.id}`)
    const date = day(9)
    for (const hour of [9, 10, 11, 12])
      expect((await book(g.token, h.id, madrid(date, hour))).body.appointment.price_credits).toBe(45)
    expect(await balance(g.id)).toBe(0)
    const fifth = await book(g.token, h.id, madrid(day(10), 9))
    expect(fifth.res.status).toBe(402)
  })
})

describe('confirm, cancel, close', () => {
  async function booked(hoursAhead = 72) {
    const h = await host()
    const g = await guest(90)
    const slots = await call(
      g.token,
      'GET',
      `/v1/appointment/slots?host_id=${h.id}&date=${new Date(Date.now() + hoursAhead * 3_600_000).toISOString().slice(0, 10)}&timezone=Europe/Madrid`,
    )
    const made = await book(g.token, h.id, slots.body.slots[0].start_at)
    expect(made.res.status).toBe(201)
    return { h, g, id: made.body.appointment.id as number }
  }

  it('confirmed once both sides have; again changes nothing; someone else gets 404', async () => {
    const { h, g, id } = await booked()
    const byGuest = await call(g.token, 'POST', '/v1/appointment/confirm', { id: String(id) })
    expect(byGuest.body.appointment).toMatchObject({
      status: AppointmentStatus.pending,
      confirmed_by_guest: true,
      confirmed_by_host: false,
    })
    expect(byGuest.body.message).toBe('Appointment confirmed.')
    const byHost = await call(h.token, 'POST', '/v1/appointment/confirm', { id: String(id) })
    expect(byHost.body.appointment).toMatchObject({
      status: AppointmentStatus.confirmed,
      confirmed_by_guest: true,
      confirmed_by_host: true,
    })
    expect((await call(h.token, 'POST', '/v1/appointment/confirm', { id: String(id) })).body.appointment.status).toBe(
      AppointmentStatus.confirmed,
    )
    const stranger = await register()
    const other = await call(stranger.token, 'POST', '/v1/appointment/confirm', { id: String(id) }, 'es')
    expect(other.res.status).toBe(404)
    expect(other.body.message).toBe('No pudimos encontrar tu cita')
    expect((await call(stranger.token, 'GET', `/v1/appointments?filters[id]=${id}`)).body.appointments).toEqual([])
    expect(
      (await call(stranger.token, 'POST', '/v1/appointment/cancel', { id: String(id), reason: '1' })).res.status,
    ).toBe(404)
  })

  /** A paid booking starting in `hours` (made directly: the slot grid may have no start that close). */
  async function paidIn(hours: number) {
    const h = await host()
    const g = await guest(90)
    const start = Date.now() + hours * 3_600_000
    const id = await makeAppointment(g.id, h.id, start, { priceCents: 4500 })
    await givenCredits(g.id, -4500, 'appointment_booking', `appointment:${id}`)
    return { h, g, id }
  }

  it('a guest cancelling early gets the credits back, once; a late cancel keeps them; a host cancel always returns them', async () => {
    const early = await booked(72)
    const c1 = await call(early.g.token, 'POST', '/v1/appointment/cancel', { id: String(early.id), reason: '8' })
    expect(c1.body).toMatchObject({
      refunded_credits: 45,
      appointment: { status: AppointmentStatus.cancelled, reason_for_cancellation: 8 },
    })
    expect(await balance(early.g.id)).toBe(9000)
    const again = await call(
      early.g.token,
      'POST',
      '/v1/appointment/cancel',
      { id: String(early.id), reason: '8' },
      'es',
    )
    expect(again.res.status).toBe(409)
    expect(again.body.message).toBe('Hubo un error al cancelar la cita')
    expect(await balance(early.g.id)).toBe(9000)

    const refunded = async (token: string, id: number, reason: string) =>
      (await call(token, 'POST', '/v1/appointment/cancel', { id: String(id), reason })).body.refunded_credits
    const late = await paidIn(4)
    expect(await refunded(late.g.token, late.id, '1')).toBe(0)
    expect(await balance(late.g.id)).toBe(4500)

    const byHost = await paidIn(4)
    expect(await refunded(byHost.h.token, byHost.id, '2')).toBe(45)
    expect(await balance(byHost.g.id)).toBe(9000)
  })

  it('cancel needs a reason from the list, and a text for “other”', async () => {
    const { g, id } = await booked()
    const out = await call(g.token, 'POST', '/v1/appointment/cancel', { id: String(id), reason: '3' })
    expect(out.res.status).toBe(422)
    expect(out.body.errors.reason).toBeTruthy()
    const other = await call(g.token, 'POST', '/v1/appointment/cancel', { id: String(id), reason: '256' }, 'es')
    expect(other.res.status).toBe(422)
    expect(other.body.errors.reason_text[0]).toBe('Este campo es obligatorio.')
  })

  it('concurrent confirm and cancel end in one state, with the credits consistent', async () => {
    for (let i = 0; i < 5; i++) {
      const { h, g, id } = await booked(72)
      await call(g.token, 'POST', '/v1/appointment/confirm', { id: String(id) })
      await Promise.all([
        call(h.token, 'POST', '/v1/appointment/confirm', { id: String(id) }),
        call(g.token, 'POST', '/v1/appointment/cancel', { id: String(id), reason: '1' }),
        call(g.token, 'POST', '/v1/appointment/cancel', { id: String(id), reason: '1' }),
      ])
      const row = await env.DB.prepare('SELECT status FROM appointments WHERE id = ?1')
        .bind(id)
        .first<{ status: number }>()
      const refunds = (await env.DB.prepare(
        "SELECT COUNT(*) AS n FROM credit_ledger WHERE reason = 'appointment_refund' AND reference = ?1",
      )
        .bind(`appointment:${id}`)
        .first<{ n: number }>())!.n
      expect(row!.status).toBe(AppointmentStatus.cancelled) // a confirmed appointment may still be cancelled
      expect(refunds).toBe(1)
      expect(await balance(g.id)).toBe(9000)
    }
  })

  it('only the host closes, once it has started and was confirmed', async () => {
    const h = await host()
    const g = await guest()
    const start = Date.now() - 30 * 60_000
    const id = String(
      await makeAppointment(g.id, h.id, start, {
        status: AppointmentStatus.confirmed,
        meetingChannel: MeetingChannel.whatsapp,
      }),
    )
    expect((await call(g.token, 'POST', '/v1/appointment/close', { id, status: '8' })).res.status).toBe(403)
    const closed = await call(h.token, 'POST', '/v1/appointment/close', { id, status: '16' })
    expect(closed.body.appointment.status).toBe(AppointmentStatus.finished_by_overtime)
    expect((await call(h.token, 'POST', '/v1/appointment/close', { id, status: '8' })).res.status).toBe(409)
  })
})

describe('meeting details', () => {
  it('only the host sets them: the guest 403, someone else 404, a link that is not https 422; the guest sees the link once confirmed', async () => {
    const h = await host()
    const g = await guest()
    const start = Date.now() + 4 * 86_400_000
    const id = String(await makeAppointment(g.id, h.id, start))
    expect(
      (await call(g.token, 'POST', '/v1/appointment/meeting', { id, meeting_link: 'https://meet.example/x' })).res
        .status,
    ).toBe(403)
    const stranger = await register()
    expect(
      (await call(stranger.token, 'POST', '/v1/appointment/meeting', { id, meeting_link: 'https://meet.example/x' }))
        .res.status,
    ).toBe(404)
    const bad = await call(h.token, 'POST', '/v1/appointment/meeting', { id, meeting_link: 'http://meet.example/x' })
    expect(bad.res.status).toBe(422)
    expect(bad.body.errors.meeting_link).toBeTruthy()
    const saved = await call(h.token, 'POST', '/v1/appointment/meeting', {
      id,
      meeting_link: 'https://meet.example/x',
      meeting_indications: 'Bring headphones',
    })
    expect(saved.body.appointment).toMatchObject({
      meeting_link: 'https://meet.example/x',
      meeting_indications: 'Bring headphones',
    })
    expect(
      (await call(g.token, 'GET', `/v1/appointments?filters[id]=${id}`)).body.appointments[0].meeting_link,
    ).toBeNull() // pending: not yet
    await patch(appointmentRows, Number(id), { status: AppointmentStatus.confirmed })
    expect((await call(g.token, 'GET', `/v1/appointments?filters[id]=${id}`)).body.appointments[0].meeting_link).toBe(
      'https://meet.example/x',
    )
  })
})

describe('reading', () => {
  it('lists only the caller’s own, with host, guest and translated properties; admins every one; the next one and what it needs', async () => {
    const h = await host()
    const g = await guest()
    const slots = await call(
      g.token,
      'GET',
      `/v1/appointment/slots?host_id=${h.id}&date=${day(5)}&timezone=Europe/Madrid`,
    )
    const made = await book(g.token, h.id, slots.body.slots[0].start_at, 'en', '8')
    const id = made.body.appointment.id
    const mine = await call(
      g.token,
      'GET',
      '/v1/appointments?with_relations=host|guest&with_properties=status|meeting_channel&order_by=start_at desc',
      {},
      'es',
    )
    expect(mine.body.appointments).toHaveLength(1)
    expect(mine.body.appointments[0]).toMatchObject({
      id,
      host: { id: h.id },
      guest: { id: g.id },
      properties: { status: 'Pendiente', meeting_channel: 'WhatsApp' },
      meeting_link: null,
    })
    expect((await call(h.token, 'GET', '/v1/appointments')).body.appointments.map((a: any) => a.id)).toEqual([id])
    const admin = await register()
    await setRole(admin.id, Role.admin)
    expect((await call(admin.token, 'GET', `/v1/appointments?filters[id]=${id}`)).body.appointments).toHaveLength(1)

    expect((await call(g.token, 'GET', '/v1/appointment/notification')).body).toMatchObject({
      appointment: { id },
      needs: 'confirm',
    })
    await call(g.token, 'POST', '/v1/appointment/confirm', { id: String(id) })
    expect((await call(g.token, 'GET', '/v1/appointment/notification')).body.needs).toBe('wait')
    await call(h.token, 'POST', '/v1/appointment/confirm', { id: String(id) })
    const ready = await call(g.token, 'GET', '/v1/appointment/notification')
    expect(ready.body.needs).toBe('ready')
    // WhatsApp: a wa.me link to the host's number, once confirmed.
    await patchUser(h.id, { phone: '+34612345678' })
    expect((await call(g.token, 'GET', `/v1/appointments?filters[id]=${id}`)).body.appointments[0].meeting_link).toBe(
      'https://wa.me/34612345678',
    )
    const none = await register()
    expect((await call(none.token, 'GET', '/v1/appointment/notification')).body).toMatchObject({
      appointment: null,
      needs: null,
    })
    void makeUser
  })
})
