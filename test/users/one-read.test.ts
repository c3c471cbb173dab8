import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { api, json } from '../helpers'
import { bearer, register } from './support'

// The session already reads the caller's whole row (a role or subscription change applies at
// once); the handlers use that row instead of reading it again.
describe('GET /v1/user', () => {
  it('reads the user row once', async () => {
    const me = await register()
    const prepare = vi.spyOn(env.DB, 'prepare')
    const res = await api('/v1/user', { headers: bearer(me.token) })
    expect(res.status).toBe(200)
    expect((await json(res)).user).toMatchObject({ id: me.id, email: me.email })
    const userReads = prepare.mock.calls.map(([sql]) => String(sql)).filter((sql) => /^\s*select\b[\s\S]*\bfrom\s+["`]?users["`]?(\s|$)/i.test(sql))
    expect(userReads).toHaveLength(1)
  })
})
