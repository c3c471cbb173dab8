// Moving a session in two D1 rounds (decision 087): the host's hours are read by the session's
// id beside the session itself, so they are the session's host's as D1 has them now; a move that
// loses its new time to a booking made at once writes nothing and says why in its language.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { Role } from '#shared/enums'
import { psychologistAvailability } from '#worker/db/schema'
import { given, patchUser } from '../factories'
import { setRole } from '../users/support'
import { book, call, day, guest, host, madrid } from './support'

const move = (token: string, a: { id: number; start_at: string }, to: string, locale = 'en') =>
  call(token, 'POST', '/v1/appointment/move', { id: String(a.id), current_start_at: a.start_at, start_at: to }, locale)
const row = (id: number) =>
  env.DB.prepare('SELECT start_at, status, moves FROM appointments WHERE id = ?1')
    .bind(id)
    .first<{ start_at: number; status: number; moves: number }>()
const mailsTo = async (to: string) =>
  (
    await env.DB.prepare("SELECT subject FROM email_outbox WHERE to_address = ?1 AND template = 'appointment'")
      .bind(to)
      .all()
  ).results.length

async function booked() {
  const h = await host()
  const g = await guest()
  const { res, body } = await book(g.token, h.id, madrid(day(6), 10))
  expect(res.status).toBe(201)
  return { h, g, a: body.appointment as { id: number; start_at: string } }
}

describe('moving a session reads its host’s hours in its first round (decision 087)', () => {
  it('a move racing another guest’s booking of the same new time: one gets it; a losing move writes nothing and says so in its language', async () => {
    for (let round = 0; round < 4; round++) {
      const { h, g, a } = await booked()
      const other = await guest()
      const to = madrid(day(8), 9 + round)
      const [moved, other_] = await Promise.all([move(g.token, a, to, 'es'), book(other.token, h.id, to)])
      expect([moved.res.status, other_.res.status].sort(), JSON.stringify([moved.body, other_.body])).toEqual(
        moved.res.status === 200 ? [200, 409] : [201, 409],
      )
      if (moved.res.status === 200) {
        expect((await row(a.id))!.start_at).toBe(Date.parse(to))
        expect(await mailsTo(g.email)).toBe(2)
      } else {
        expect(moved.body.message).toBe('Alguien acaba de reservar esta hora. Por favor, elige otra.')
        expect(moved.body.errors.start_at).toEqual(['Alguien acaba de reservar esta hora. Por favor, elige otra.'])
        expect(await row(a.id)).toMatchObject({ start_at: Date.parse(a.start_at), moves: 0, status: 1 })
        // The booking's mail alone.
        expect(await mailsTo(g.email)).toBe(1)
      }
    }
  })

  it('the hours are the session’s host’s as they are now: a new hour of theirs is taken, another host’s is not', async () => {
    const { h, g, a } = await booked()
    const other = await host()
    // 16:00-17:00 in Madrid on the new day's weekday, for the other host only: not a slot of this session's host.
    const to = madrid(day(9), 16)
    const weekday = new Date(Date.parse(to)).getUTCDay()
    await given(psychologistAvailability, {
      hostId: other.id,
      weekday,
      startMinute: 960,
      endMinute: 1020,
      slotMinutes: 60,
      timezone: 'Europe/Madrid',
    })
    const off = await move(g.token, a, to)
    expect(off.res.status, JSON.stringify(off.body)).toBe(422)
    expect(off.body.errors.start_at).toBeDefined()
    await given(psychologistAvailability, {
      hostId: h.id,
      weekday,
      startMinute: 960,
      endMinute: 1020,
      slotMinutes: 60,
      timezone: 'Europe/Madrid',
    })
    const moved = await move(g.token, a, to)
    expect(moved.res.status, JSON.stringify(moved.body)).toBe(200)
    expect((await row(a.id))!.start_at).toBe(Date.parse(to))
  })

  it('a host who no longer takes bookings, or is no longer a psychologist: 404 with the field, nothing moved, nobody mailed', async () => {
    for (const change of ['closed', 'demoted'] as const) {
      const { h, g, a } = await booked()
      if (change === 'closed') await patchUser(h.id, { psychologistOpenToGetAppointment: false })
      else await setRole(h.id, Role.patient)
      const refused = await move(g.token, a, madrid(day(7), 11), 'es')
      expect(refused.res.status, change).toBe(404)
      expect(refused.body.errors.host_id, change).toEqual(['No hay psicólogos disponibles.'])
      expect(await row(a.id)).toMatchObject({ start_at: Date.parse(a.start_at), moves: 0 })
      expect(await mailsTo(g.email)).toBe(1)
    }
  })
})
