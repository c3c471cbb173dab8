// Decision 089, found by an outside review: "401/403/404/409 as before for every way a session
// ends". Before 1f9085a a staff session that had ended in D1 (a password changed at D1's primary
// while KV still carries the session, up to 60 s at another location) was turned into a visitor by
// sessionCaller before anything else ran: every request to the close answered 401. With
// staffHeldInWrite the KV copy reaches the CSRF check and the form's validation, which answer
// first: an ended session now gets a 400 or a 403 where it got a 401 (the 401 is what makes the
// client fire its session-lost event, SPEC §8).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus } from '#shared/enums'
import { api } from '../helpers'
import { call, guest, host, tookPlace } from './support'

const endInD1 = (id: number) =>
  env.DB.prepare("UPDATE users SET password_hash = 'changed-elsewhere' WHERE id = ?1").bind(id).run()

describe('decision 089 (outside review): a staff session ended in D1 answers the close with 401, whatever the form', () => {
  it('a form the contract refuses (status 99): 401, as every other call of a session that ended', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    await endInD1(h.id)
    // The same session on another staff call: 401 (sessionCaller confirms it before anything).
    const other = await call(h.token, 'POST', '/v1/appointment/meeting', { id: String(id), meeting_link: 'x' })
    expect(other.res.status, JSON.stringify(other.body)).toBe(401)
    const { res, body } = await call(h.token, 'POST', '/v1/appointment/close', { id: String(id), status: '99' })
    expect(res.status, JSON.stringify(body)).toBe(401)
  })

  it('a missing id: 401, not the validation error', async () => {
    const h = await host()
    await endInD1(h.id)
    const { res, body } = await call(h.token, 'POST', '/v1/appointment/close', {})
    expect(res.status, JSON.stringify(body)).toBe(401)
  })

  it('a cookie session without the page’s CSRF token: 401 (session over), not 403 csrf', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    await endInD1(h.id)
    const res = await api('/v1/appointment/close', {
      method: 'POST',
      locale: 'en',
      headers: { cookie: `calma_session=${h.token}` },
      form: { id: String(id), status: String(AppointmentStatus.attended) },
    })
    expect(res.status, await res.clone().text()).toBe(401)
  })
})
