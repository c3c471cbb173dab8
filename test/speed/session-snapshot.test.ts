// Issue 21 §1: the person's row travels in the session record (one KV read, no D1 read) and is
// refreshed by the writes that change it, in every session of theirs; a password change still
// ends the other sessions at once.
import { describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { bearer, changePassword, login, register, saveRole, setRole, updateProfile } from '../users/support'
import { Role } from '#shared/enums'

describe('the person in the session', () => {
  it('a profile change reaches every session of the person at once, without D1 on the check', async () => {
    const me = await register()
    const other = (await login(me.email)).body.user.token as string
    const saved = await updateProfile(me.token, { name: 'Nueva Persona', timezone: 'America/Bogota' })
    expect(saved.status).toBe(200)
    for (const token of [me.token, other]) {
      const res = await api('/v1/user', { headers: bearer(token) })
      expect(res.status).toBe(200)
      expect((await json(res)).user).toMatchObject({ name: 'Nueva Persona', timezone: 'America/Bogota' })
      expect(res.headers.get('x-d1-calls')).toBe('1') // the credits only
    }
  })

  it("an admin's change of role applies to the person's open sessions at once", async () => {
    const admin = await register()
    await setRole(admin.id, Role.admin)
    const me = await register()
    expect((await api('/v1/users', { headers: bearer(me.token) })).status).toBe(403)
    const saved = await saveRole(bearer(admin.token), me.id, Role.admin)
    expect(saved.status).toBe(200)
    expect((await api('/v1/users', { headers: bearer(me.token) })).status).toBe(200)
  })

  it('a password change ends the other sessions at once and keeps the caller signed in', async () => {
    const me = await register()
    const other = (await login(me.email)).body.user.token as string
    const res = await changePassword(me.token, 'Another-calm-day-77')
    expect(res.status).toBe(200)
    expect((await api('/v1/user', { headers: bearer(other) })).status).toBe(401)
    expect((await api('/v1/user', { headers: bearer(me.token) })).status).toBe(401)
    const renewed = (await json(res)).user?.token as string | undefined
    if (renewed) expect((await api('/v1/user', { headers: bearer(renewed) })).status).toBe(200)
  })
})
