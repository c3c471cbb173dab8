// Decision 089, found by an outside review: D1's primary down. Before 1f9085a a host's close met
// D1 first in the caller's confirmation, and a D1 that failed there answered 503 ("try again", the
// person stays signed in: test/appointments/confirm-d1-down.test.ts). With the confirmation folded
// into the close's own batch (staffHeldInWrite), the first statement a host's close sends to D1 is
// that batch: does D1 being down still answer 503?
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { AppointmentStatus } from '#shared/enums'
import { call, guest, host, tookPlace } from './support'

/** Every D1 session's statements and batches fail, as an unreachable primary does. */
function d1Down() {
  const withSession = env.DB.withSession.bind(env.DB)
  let failed = 0
  const fail = () => {
    failed++
    return Promise.reject(new Error('D1_ERROR: Network connection lost.'))
  }
  const stmt = (s: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(s, {
      get(t, prop) {
        if (prop === 'bind') return (...a: unknown[]) => stmt(t.bind(...a))
        if (['all', 'raw', 'first', 'run'].includes(String(prop))) return fail
        const v = Reflect.get(t, prop, t)
        return typeof v === 'function' ? v.bind(t) : v
      },
    })
  vi.spyOn(env.DB, 'withSession').mockImplementation(((c?: string) => {
    const session = withSession(c)
    return new Proxy(session, {
      get(t, prop) {
        if (prop === 'prepare') return (q: string) => stmt(t.prepare(q))
        if (prop === 'batch') return fail
        const v = Reflect.get(t, prop, t)
        return typeof v === 'function' ? v.bind(t) : v
      },
    })
  }) as typeof withSession)
  return () => failed
}

describe('decision 089 (outside review): D1 down answers a host’s close 503, as before', () => {
  it('every statement of the request fails (D1’s primary unreachable): 503, nothing written', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    const failed = d1Down()
    const r = await call(h.token, 'POST', '/v1/appointment/close', { id: String(id) }, 'es')
    vi.restoreAllMocks()
    expect(failed()).toBeGreaterThan(0)
    expect(r.res.status, JSON.stringify(r.body)).toBe(503)
    const row = await env.DB.prepare('SELECT status FROM appointments WHERE id = ?1').bind(id).first()
    expect(row).toEqual({ status: AppointmentStatus.confirmed })
  })
})
