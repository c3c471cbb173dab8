// A call behind requireAuthorityAtWrite (the caller's confirmation started, the form validated
// while it runs: the refund request since decision 089, booking and cancelling since 084) from a
// session that ended in D1 alone (a password changed at the primary, KV still carrying it) answers
// 401 whatever its form, as when the caller was confirmed first (app.ts onError; found by the
// outside review of 089, which wrote these tests: the bad forms answered 422).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { register } from '../users/support'
import { call } from '../appointments/support'

const endInD1 = (id: number) =>
  env.DB.prepare("UPDATE users SET password_hash = 'changed-elsewhere' WHERE id = ?1").bind(id).run()

describe('a session ended in D1 alone, a call behind requireAuthorityAtWrite: 401 whatever the form', () => {
  it('a valid form: 401 (control)', async () => {
    const p = await register()
    await endInD1(p.id)
    const { res, body } = await call(p.token, 'POST', '/v1/user/refund', { reason: 'No lo uso' })
    expect(res.status, JSON.stringify(body)).toBe(401)
  })
  it('a form the contract refuses (no reason): 401 as under requireAuthority, not 422', async () => {
    const p = await register()
    await endInD1(p.id)
    const { res, body } = await call(p.token, 'POST', '/v1/user/refund', {})
    expect(res.status, JSON.stringify(body)).toBe(401)
  })
  it('a bad transaction_id: 401, not 422', async () => {
    const p = await register()
    await endInD1(p.id)
    const { res, body } = await call(p.token, 'POST', '/v1/user/refund', { reason: 'x', transaction_id: 'abc' })
    expect(res.status, JSON.stringify(body)).toBe(401)
  })

  it('booking and cancelling with a form the contract refuses: 401 too', async () => {
    const p = await register()
    await endInD1(p.id)
    expect((await call(p.token, 'POST', '/v1/appointment', { host_id: 'x' })).res.status).toBe(401)
    expect((await call(p.token, 'POST', '/v1/appointment/cancel', { id: '1', reason: 'abc' })).res.status).toBe(401)
  })
  it('a live session with a bad form still gets the form’s 422, translated', async () => {
    const p = await register()
    const { res, body } = await call(p.token, 'POST', '/v1/user/refund', {}, 'es')
    expect(res.status).toBe(422)
    expect(body.errors.reason).toEqual(['Este campo es obligatorio.'])
  })
})
