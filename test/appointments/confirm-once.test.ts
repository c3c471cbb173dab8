// Confirming a session in two D1 rounds, either side (decision 087): the caller, a host too, is
// confirmed at D1's primary beside the session's read, not before the handler; a host demoted or
// signed out in D1 alone (KV not told yet) and a guest whose password changed confirm nothing.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { register, setRole } from '../users/support'
import { book, call, day, guest, heldPost, host, madrid } from './support'

const confirm = (token: string, id: number, locale = 'en') =>
  call(token, 'POST', '/v1/appointment/confirm', { id: String(id) }, locale)
const row = (id: number) =>
  env.DB.prepare('SELECT status, confirmed_by_guest_at, confirmed_by_host_at FROM appointments WHERE id = ?1')
    .bind(id)
    .first<{ status: number; confirmed_by_guest_at: number | null; confirmed_by_host_at: number | null }>()
const mailsTo = async (to: string) =>
  (
    await env.DB.prepare("SELECT subject FROM email_outbox WHERE to_address = ?1 AND template = 'appointment'")
      .bind(to)
      .all<{ subject: string }>()
  ).results

async function booked(daysAhead = 6) {
  const h = await host()
  const g = await guest()
  const { res, body } = await book(g.token, h.id, madrid(day(daysAhead), 10))
  expect(res.status).toBe(201)
  return { h, g, id: body.appointment.id as number }
}

describe('confirming a session: the caller confirmed beside the session’s read (decision 087)', () => {
  it('a host whose role D1 removed (KV still says psychologist) confirms nothing: 403, no mark, no mail', async () => {
    const { h, g, id } = await booked()
    expect((await confirm(g.token, id)).res.status).toBe(200)
    // Written in D1 alone, as a change at another location is before KV carries it (decision 038).
    await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(Role.patient, h.id).run()
    const refused = await confirm(h.token, id, 'es')
    expect(refused.res.status, JSON.stringify(refused.body)).toBe(403)
    expect(await row(id)).toMatchObject({ status: AppointmentStatus.pending, confirmed_by_host_at: null })
    expect(await mailsTo(h.email)).toHaveLength(1)
    expect(await mailsTo(g.email)).toHaveLength(1)
  })

  it('a host’s confirm whose body is held until just after D1 removed the role: 403, no mark (decision 038 "Found from outside")', async () => {
    const { h, id } = await booked()
    const held = heldPost(h.token, '/v1/appointment/confirm', { id: String(id) })
    await held.started
    await new Promise((r) => setTimeout(r, 200))
    await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(Role.patient, h.id).run()
    await held.release()
    const res = await held.answer
    expect(res.status, await res.clone().text()).toBe(403)
    expect((await row(id))!.confirmed_by_host_at).toBeNull()
  })

  it('a host, or a guest, whose password D1 changed (their session ended elsewhere) confirms nothing: 401', async () => {
    const { h, g, id } = await booked()
    for (const who of [h, g]) {
      await env.DB.prepare("UPDATE users SET password_hash = 'changed-elsewhere' WHERE id = ?1").bind(who.id).run()
      const refused = await confirm(who.token, id)
      expect(refused.res.status, JSON.stringify(refused.body)).toBe(401)
    }
    expect(await row(id)).toEqual({
      status: AppointmentStatus.pending,
      confirmed_by_guest_at: null,
      confirmed_by_host_at: null,
    })
    expect(await mailsTo(h.email)).toHaveLength(1)
    expect(await mailsTo(g.email)).toHaveLength(1)
  })

  it('the host’s confirm sent 6 times at once beside the guest’s: confirmed once, one “confirmed” mail to each side', async () => {
    const { h, g, id } = await booked()
    const answers = await Promise.all([...Array.from({ length: 6 }, () => confirm(h.token, id)), confirm(g.token, id)])
    expect(
      answers.map((a) => a.res.status),
      JSON.stringify(answers.map((a) => a.body)),
    ).toEqual([200, 200, 200, 200, 200, 200, 200])
    expect((await row(id))!.status).toBe(AppointmentStatus.confirmed)
    // The booking's mail and the confirmation's, on each side.
    expect(await mailsTo(h.email)).toHaveLength(2)
    expect(await mailsTo(g.email)).toHaveLength(2)
  })

  it('someone else 404, an admin 404 (neither side), and the host of a session that has ended 409, translated', async () => {
    const { h, id } = await booked()
    const stranger = await register()
    expect((await confirm(stranger.token, id)).res.status).toBe(404)
    const admin = await register()
    await setRole(admin.id, Role.admin)
    expect((await confirm(admin.token, id)).res.status).toBe(404)
    await env.DB.prepare('UPDATE appointments SET status = ?1 WHERE id = ?2').bind(AppointmentStatus.attended, id).run()
    const late = await confirm(h.token, id, 'es')
    expect(late.res.status).toBe(409)
    expect(late.body.message).toBeTypeOf('string')
    expect(late.body.message).not.toBe((await confirm(h.token, id, 'en')).body.message)
    expect((await row(id))!.confirmed_by_host_at).toBeNull()
  })
})
