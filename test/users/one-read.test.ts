import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { api, json } from '../helpers'
import { bearer, register } from './support'

// The session carries the caller's row (issue 21 §1, identity/): checking it is
// one KV read and no D1 read, and the handlers use that row instead of reading it.
describe('GET /v1/user', () => {
  it('reads no users row: the session brings it', async () => {
    const me = await register()
    const kvGet = vi.spyOn(env.KV, 'get')
    const res = await api('/v1/user', { headers: bearer(me.token) })
    expect(res.status).toBe(200)
    expect((await json(res)).user).toMatchObject({ id: me.id, email: me.email, has_password: true })
    // One D1 call in all: the credits (ledger); the row itself came from KV.
    expect(res.headers.get('x-d1-calls')).toBe('1')
    expect(kvGet.mock.calls.filter(([key]) => String(key).startsWith('session:'))).toHaveLength(1)
  })
})
