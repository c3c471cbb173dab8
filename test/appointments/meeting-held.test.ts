// The host's meeting link in one D1 round (decision 089; it was 4): the row as found, the change
// under who may make it, the host's session held in the same batch. Every refusal as before and in
// its order (the session 404, the side 403, the link 422), nothing written on any of them, and a
// session that ended (a password changed, the role removed) in D1 alone writes nothing either.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { makeAppointment } from '../factories'
import { register, setRole } from '../users/support'
import { call, guest, host } from './support'

const meeting = (token: string, id: number, form: Record<string, string>, locale = 'en') =>
  call(token, 'POST', '/v1/appointment/meeting', { id: String(id), ...form }, locale)
const linkOf = async (id: number) =>
  (await env.DB.prepare('SELECT meeting_link AS l, meeting_indications AS i FROM appointments WHERE id = ?1')
    .bind(id)
    .first<{ l: string | null; i: string | null }>())!
const roundsOf = (res: Response) => Number(res.headers.get('x-d1-rounds'))
const upcoming = (guestId: number, hostId: number) =>
  makeAppointment(guestId, hostId, Date.now() + 2 * 86_400_000, { status: AppointmentStatus.confirmed })

describe('the host’s meeting link held in one batch with the host’s session (decision 089)', () => {
  it('the host sets the link and the indications in one D1 round; the answer carries them', async () => {
    const h = await host()
    const g = await guest()
    const id = await upcoming(g.id, h.id)
    const { res, body } = await meeting(h.token, id, {
      meeting_link: 'https://meet.example/abc',
      meeting_indications: 'Llamaré a las 10',
    })
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(body.appointment).toMatchObject({
      meeting_link: 'https://meet.example/abc',
      meeting_indications: 'Llamaré a las 10',
    })
    expect(roundsOf(res)).toBe(1)
    // Only what is sent changes.
    const again = await meeting(h.token, id, { meeting_indications: 'A las 11' })
    expect(again.body.appointment).toMatchObject({
      meeting_link: 'https://meet.example/abc',
      meeting_indications: 'A las 11',
    })
    expect(await linkOf(id)).toEqual({ l: 'https://meet.example/abc', i: 'A las 11' })
  })

  it('refusals in their order, translated, nothing written: a stranger 404, the guest 403 (even with a bad link), a bad link 422', async () => {
    const h = await host()
    const g = await guest()
    const id = await upcoming(g.id, h.id)
    const stranger = await host()
    const s = await meeting(stranger.token, id, { meeting_link: 'https://meet.example/x' }, 'es')
    expect(s.res.status).toBe(404)
    expect(roundsOf(s.res)).toBe(1)
    const asGuest = await meeting(g.token, id, { meeting_link: 'not a link' })
    expect(asGuest.res.status).toBe(403)
    const bad = await meeting(h.token, id, { meeting_link: 'http://meet.example/x' }, 'es')
    expect(bad.res.status).toBe(422)
    expect(bad.body.errors.meeting_link).toEqual(['Este valor no es válido.'])
    expect(roundsOf(bad.res)).toBe(1)
    const missing = await meeting(h.token, 987_654_321, { meeting_link: 'https://meet.example/x' })
    expect(missing.res.status).toBe(404)
    expect(await linkOf(id)).toEqual({ l: null, i: null })
  })

  it('a host whose password D1 changed, or whose role D1 removed, writes nothing: 401, 403; an admin may set any', async () => {
    const h = await host()
    const g = await guest()
    const id = await upcoming(g.id, h.id)
    await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(Role.patient, h.id).run()
    expect((await meeting(h.token, id, { meeting_link: 'https://meet.example/a' })).res.status).toBe(403)
    await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(Role.psychologist, h.id).run()
    await env.DB.prepare("UPDATE users SET password_hash = 'changed-elsewhere' WHERE id = ?1").bind(h.id).run()
    expect((await meeting(h.token, id, { meeting_link: 'https://meet.example/b' })).res.status).toBe(401)
    expect(await linkOf(id)).toEqual({ l: null, i: null })
    const admin = await register()
    await setRole(admin.id, Role.admin)
    const byAdmin = await meeting(admin.token, id, { meeting_link: 'https://meet.example/c' })
    expect(byAdmin.res.status, JSON.stringify(byAdmin.body)).toBe(200)
    expect(await linkOf(id)).toEqual({ l: 'https://meet.example/c', i: null })
  })
})
