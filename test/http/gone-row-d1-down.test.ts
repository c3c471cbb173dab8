// The other place the caller's confirmation is awaited, app.ts goneRow (a write that failed on a
// foreign key), took a confirmation D1 could not give for "caller gone" and answered 401, which
// signs the person out on the client; it is 503 ("try again") as everywhere else (found by the
// outside review of 9b1e6ab; 401 before). The FK failure is forced by a trigger; the D1 failure is
// injected at the caller's one read as in test/appointments/confirm-d1-down.test.ts.
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { makeRoute } from '../factories'
import { api } from '../helpers'
import { failD1Statements, guest } from '../appointments/support'
import { bearer } from '../users/support'

/** The read of `userId`'s row at D1's primary (the caller's confirmation) fails, every time. */
const failCallerReads = (userId: number) =>
  failD1Statements((sql, args) => args[0] === userId && /from "users" where "users"\."id" = \?/.test(sql), {
    inSession: (c) => c === 'first-primary',
  })

const like = (token: string, routeId: number) =>
  api('/v1/route/update/like', {
    method: 'POST',
    locale: 'en',
    headers: bearer(token),
    form: { route_id: String(routeId) },
  })

describe('a write that names a row gone while D1 cannot confirm the caller', () => {
  it('a foreign-key failure with the caller unconfirmable answers 503 (try again), not 401 (signed out)', async () => {
    const g = await guest()
    const route = await makeRoute()
    await env.DB.prepare(
      "CREATE TRIGGER fk_meanwhile BEFORE INSERT ON likes BEGIN SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed'); END",
    ).run()
    try {
      const control = await like(g.token, route.id)
      expect(control.status).toBe(409) // D1 up: the caller is there, so it is what they pointed at
      const failed = failCallerReads(g.id)
      const r = await like(g.token, route.id)
      vi.restoreAllMocks()
      expect(failed()).toBeGreaterThan(0)
      expect(r.status).toBe(503)
    } finally {
      vi.restoreAllMocks()
      await env.DB.prepare('DROP TRIGGER IF EXISTS fk_meanwhile').run()
    }
  })
})
