import { describe, expect, it, vi } from 'vitest'
import { api, json, withoutOutbox } from '../helpers'
import { bearer, countRows, PASSWORD, signUp, uniqueEmail } from './support'

// The welcome mail comes after the account is made: a failure to queue it must not undo the
// answer (a 500 whose retry says 'This email already has an account'). The person can still
// get a sign-in link through recovery.
describe('registration when the welcome mail fails', () => {
  it('still answers 201 with a session, and the user exists', async () => {
    const email = uniqueEmail('nomail')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const res = await withoutOutbox(() => signUp({ email, password: PASSWORD, name: 'No Mail', legal_age: '1' }))
    expect(res.status).toBe(201)
    const body = await json(res)
    expect(body.user).toMatchObject({ email })
    expect(await countRows('users', 'email = ?1', email)).toBe(1)
    expect(await countRows('consent_records', 'user_id = ?1', body.user.id)).toBe(2)
    expect(warn).toHaveBeenCalled()
    // The session it answered with works.
    expect((await api('/v1/user', { headers: bearer(body.user.token) })).status).toBe(200)
  })
})
