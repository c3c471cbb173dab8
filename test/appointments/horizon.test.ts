// The booking horizon and far dates (issue 20 §6): slots are asked for days from yesterday to
// BOOKING_HORIZON_DAYS ahead and a booking must start within it; anything else (9999-12-31,
// 0000-01-01, 2099, malformed) is a translated 422 with a field error, never a 500.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { BOOKING_HORIZON_DAYS } from '#shared/limits'
import { addDays, wallClock } from '#worker/lib/zones'
import { balance, book, call, guest, host, madrid } from './support'

const slotsOf = (token: string, hostId: number, date: string, locale = 'en', zone = 'Europe/Madrid') =>
  call(
    token,
    'GET',
    `/v1/appointment/slots?host_id=${hostId}&date=${encodeURIComponent(date)}&timezone=${zone}`,
    {},
    locale,
  )
const madridToday = () => wallClock(Date.now(), 'Europe/Madrid').date

describe('booking horizon', () => {
  it('slots: the last day of the horizon answers, the day after is 422 in both languages; far and malformed dates 422', async () => {
    const h = await host()
    const g = await guest()
    const last = addDays(madridToday(), BOOKING_HORIZON_DAYS)
    const ok = await slotsOf(g.token, h.id, last)
    expect(ok.res.status).toBe(200)
    // Cut at the horizon's instant, like a booking.
    for (const s of ok.body.slots)
      expect(Date.parse(s.start_at)).toBeLessThanOrEqual(Date.now() + BOOKING_HORIZON_DAYS * 86_400_000)

    const beyond = await slotsOf(g.token, h.id, addDays(last, 1))
    expect(beyond.res.status).toBe(422)
    expect(beyond.body.code).toBe('validation')
    expect(beyond.body.errors.date).toEqual([
      `Sessions can be booked up to ${BOOKING_HORIZON_DAYS} days ahead. Please choose an earlier day.`,
    ])
    const es = await slotsOf(g.token, h.id, addDays(last, 1), 'es')
    expect(es.body.errors.date).toEqual([
      `Las sesiones se pueden reservar con hasta ${BOOKING_HORIZON_DAYS} días de antelación. Elige un día anterior.`,
    ])
    expect(es.body.message).toBe(es.body.errors.date[0])

    for (const [date, field] of [
      ['9999-12-31', 'Sessions can be booked up to'],
      ['2099-06-01', 'Sessions can be booked up to'],
      ['0000-01-01', 'This day has passed.'],
      ['2020-01-01', 'This day has passed.'],
      ['2027-02-30', 'The date is not valid.'],
      ['2027-13-01', 'The date is not valid.'],
      ['tomorrow', 'The date is not valid.'],
      ['+275760-09-13', 'The date is not valid.'],
      ['', 'This field is required.'],
    ] as const) {
      const r = await slotsOf(g.token, h.id, date)
      expect(r.res.status, date).toBe(422)
      expect(r.body.errors.date[0], date).toContain(field)
    }
    // In the guest's zone: Kiritimati (UTC+14) and Pago Pago (UTC−11) each get their own window.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const today = wallClock(Date.now(), zone).date
      expect((await slotsOf(g.token, h.id, addDays(today, BOOKING_HORIZON_DAYS), 'en', zone)).res.status).toBe(200)
      expect((await slotsOf(g.token, h.id, addDays(today, BOOKING_HORIZON_DAYS + 1), 'en', zone)).res.status).toBe(422)
      expect((await slotsOf(g.token, h.id, addDays(today, -1), 'en', zone)).res.status).toBe(200)
    }
  })

  it('a booking beyond the horizon (in 2099, in 9999) or in year 0 is 422 with start_at, and costs nothing', async () => {
    const h = await host()
    const g = await guest()
    const beyond = madrid(addDays(madridToday(), BOOKING_HORIZON_DAYS + 2), 10)
    for (const [start, locale, text] of [
      [beyond, 'en', `Sessions can be booked up to ${BOOKING_HORIZON_DAYS} days ahead. Please choose an earlier day.`],
      [
        beyond,
        'es',
        `Las sesiones se pueden reservar con hasta ${BOOKING_HORIZON_DAYS} días de antelación. Elige un día anterior.`,
      ],
      ['2099-06-01T08:00:00.000Z', 'en', 'Sessions can be booked up to'],
      ['9999-12-31T09:00:00Z', 'en', 'Sessions can be booked up to'],
      ['0000-01-01T09:00:00Z', 'en', 'This time is too close'],
      ['2027-02-30T09:00:00Z', 'en', 'The date is not valid.'],
      ['2027-01-01T25:00:00Z', 'en', 'The date is not valid.'],
    ] as const) {
      const r = await book(g.token, h.id, start, locale)
      expect(r.res.status, start).toBe(422)
      expect(r.body.errors.start_at[0], start).toContain(text)
    }
    expect(await balance(g.id)).toBe(9000)
    expect(
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM appointments WHERE guest_id = ?1')
        .bind(g.id)
        .first<{ n: number }>())!.n,
    ).toBe(0)
    // Inside it, the same host books as usual.
    const inside = await slotsOf(g.token, h.id, addDays(madridToday(), BOOKING_HORIZON_DAYS - 1))
    expect((await book(g.token, h.id, inside.body.slots[0].start_at)).res.status).toBe(201)
  })
})
