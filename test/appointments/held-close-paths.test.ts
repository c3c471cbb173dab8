// Decision 089, found by an outside review: the staffHeldInWrite exemption is keyed on
// `${method} ${c.req.path}`; path variants of the close either do not reach the close or reach it
// confirmed. An ended session closes nothing through any of them.
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus } from '#shared/enums'
import { bearer } from '../users/support'
import { guest, host, statusOf, tookPlace } from './support'

describe('decision 089 (outside review): path variants of the close', () => {
  for (const [method, path] of [
    ['POST', '/v1/appointment/close/'],
    ['POST', '/v1/Appointment/close'],
    ['POST', '/v1/appointment/clos%65'],
    ['POST', '/v1/appointment%2Fclose'],
    ['POST', '//v1/appointment/close'],
    ['PUT', '/v1/appointment/close'],
    ['POST', '/v1/appointment/close?x=1'],
  ] as const)
    it(`${method} ${path}: an ended session closes nothing`, async () => {
      const h = await host()
      const g = await guest()
      const id = await tookPlace(g.id, h.id)
      await env.DB.prepare("UPDATE users SET password_hash = 'elsewhere' WHERE id = ?1").bind(h.id).run()
      const fd = new FormData()
      fd.append('id', String(id))
      const res = await (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, {
        method,
        headers: { ...bearer(h.token), accept: 'application/json' },
        body: fd,
      })
      expect([401, 404, 405]).toContain(res.status)
      expect(await statusOf(id)).toBe(AppointmentStatus.confirmed)
    })
})
