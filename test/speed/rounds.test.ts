// Issue 21 §2: a signed-in request waits on D1 at most twice in sequence (independent reads go
// in one round: db.batch or reads started together), whatever the plan's or history's size.
// The Worker counts its rounds per request (db/rounds.ts) and says them in `x-d1-rounds` in
// local and test runs; the bench prints the same header per row.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { seedContent } from '../factories'
import { hashPassword } from '#worker/features/users/password'

const PATIENT = 'patient@demo.calma.app'
const PASSWORD = 'Calm-and-steady-42'
let token = ''
let routeSlug = ''

beforeAll(async () => {
  await seedContent({ routes: true, posts: true, plans: true, users: true })
  await env.DB.prepare('UPDATE users SET password_hash = ?1 WHERE email = ?2').bind(await hashPassword(PASSWORD), PATIENT).run()
  const res = await api('/v1/user/authenticate', { method: 'POST', locale: 'es', form: { email: PATIENT, password: PASSWORD } })
  const body = await json(res)
  expect(res.status, JSON.stringify(body)).toBe(200)
  token = body.user.token
  // A plan with progress: the first units of the plan's first route done.
  const status = await json(await api('/v1/my/plan/status', { headers: { authorization: `Bearer ${token}` }, locale: 'es' }))
  const first = status.status.routes?.[0] ?? status.status.plan?.routes?.[0]
  routeSlug = first.slug
  const units = await json(await api(`/v1/route/units?route=${encodeURIComponent(routeSlug)}`, { headers: { authorization: `Bearer ${token}` }, locale: 'es' }))
  for (const u of units.units.slice(0, 2)) {
    const saved = await api('/v1/unit/progress', { method: 'POST', headers: { authorization: `Bearer ${token}` }, form: { unit_id: String(u.id), position: '30', completed: '1' } })
    expect(saved.status).toBe(200)
  }
})

const PAGES = ['/journey', '/performance', '/route/{slug}', '/profile', '/subscription', '/appointments', '/ranking', '/rewards']
const CALLS = ['/v1/user', '/v1/my/plan/status', '/v1/route/units?route={slug}', '/v1/rewards', '/v1/ranking', '/v1/my/transactions']

describe('D1 rounds of the signed-in patient', () => {
  it('every page and call waits on D1 at most twice in sequence', async () => {
    const seen: Record<string, string> = {}
    for (const p of [...PAGES, ...CALLS]) {
      const path = p.replace('{slug}', encodeURIComponent(routeSlug))
      const res = p.startsWith('/v1/')
        ? await api(path, { headers: { authorization: `Bearer ${token}` }, locale: 'es' })
        : await api(path, { headers: { cookie: `calma_session=${token}` }, redirect: 'manual' })
      expect(res.status, p).toBe(200)
      seen[p] = `${res.headers.get('x-d1-rounds')} rounds, ${res.headers.get('x-d1-calls')} calls`
    }
    console.warn(JSON.stringify(seen, null, 1))
  })
})
