// A role change that would leave nobody able to run the admin (the lifecycle's "role change" row,
// docs/LIFECYCLE.md): the last administrator cannot give up the role, by their own hand or
// another's; once someone else is an administrator, they can.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { json } from '../helpers'
import { erase, register, setRole } from '../users/support'
import { ROLE, send } from './support'

/** Everyone but `keep` who is an administrator now becomes a patient: `keep` is the last one. */
async function onlyAdmin(keep: number) {
  await env.DB.prepare('UPDATE users SET role = ? WHERE role = ? AND id != ?')
    .bind(ROLE.patient, ROLE.admin, keep)
    .run()
}

const roleOf = async (id: number) =>
  (await env.DB.prepare('SELECT role FROM users WHERE id = ?').bind(id).first<{ role: number }>())!.role

describe('the last administrator', () => {
  it('cannot demote themself: 409 with a field error, in English and Spanish; the role is kept', async () => {
    const admin = await register()
    await setRole(admin.id, ROLE.admin)
    await onlyAdmin(admin.id)
    const en = await send('POST', '/v1/admin/user', admin.token, { id: String(admin.id), role: String(ROLE.patient) })
    expect(en.status).toBe(409)
    const body = await json(en)
    expect(body.message).toMatch(/only administrator/)
    expect(body.errors.role).toEqual([expect.stringMatching(/only administrator/)])
    const es = await send(
      'POST',
      '/v1/admin/user',
      admin.token,
      { id: String(admin.id), role: String(ROLE.publisher) },
      'es',
    )
    expect(es.status).toBe(409)
    expect((await json(es)).message).toMatch(/única persona administradora/)
    expect(await roleOf(admin.id)).toBe(ROLE.admin)
    // Other fields of their own row still save.
    const named = await send('POST', '/v1/admin/user', admin.token, { id: String(admin.id), name: 'Única Admin' })
    expect(named.status).toBe(200)
  })

  it('once someone else is an administrator, either may step down, but not both', async () => {
    const a = await register()
    const b = await register()
    await setRole(a.id, ROLE.admin)
    await onlyAdmin(a.id)
    const made = await send('POST', '/v1/admin/user', a.token, { id: String(b.id), role: String(ROLE.admin) })
    expect(made.status).toBe(200)
    // Both step down at once: one wins, the other is told the admin needs them.
    const [x, y] = await Promise.all([
      send('POST', '/v1/admin/user', a.token, { id: String(a.id), role: String(ROLE.patient) }),
      send('POST', '/v1/admin/user', b.token, { id: String(b.id), role: String(ROLE.patient) }),
    ])
    expect([x.status, y.status].sort()).toEqual([200, 409])
    const roles = [await roleOf(a.id), await roleOf(b.id)]
    expect(roles.filter((r) => r === ROLE.admin)).toHaveLength(1)
  })

  it('cannot erase their own account while nobody else is an administrator; once someone is, they can', async () => {
    const a = await register()
    const b = await register()
    await setRole(a.id, ROLE.admin)
    await onlyAdmin(a.id)
    const refused = await erase(a.token)
    expect(refused.status).toBe(409)
    expect((await json(refused)).message).toMatch(/only administrator/)
    expect(await roleOf(a.id)).toBe(ROLE.admin)
    expect((await send('POST', '/v1/admin/user', a.token, { id: String(b.id), role: String(ROLE.admin) })).status).toBe(
      200,
    )
    expect((await erase(a.token)).status).toBe(200)
    expect(await roleOf(b.id)).toBe(ROLE.admin)
  })

  it('two admins demoting each other at once: one wins, the other is refused as a non-admin (403), never told who is left', async () => {
    for (let round = 0; round < 6; round++) {
      const a = await register()
      const b = await register()
      await setRole(a.id, ROLE.admin)
      await setRole(b.id, ROLE.admin)
      await env.DB.prepare('UPDATE users SET role = ? WHERE role = ? AND id NOT IN (?, ?)')
        .bind(ROLE.patient, ROLE.admin, a.id, b.id)
        .run()
      const answers = await Promise.all([
        send('POST', '/v1/admin/user', a.token, { id: String(b.id), role: String(ROLE.patient) }),
        send('POST', '/v1/admin/user', b.token, { id: String(a.id), role: String(ROLE.patient) }),
      ])
      expect(answers.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 403])
      expect([await roleOf(a.id), await roleOf(b.id)].filter((r) => r === ROLE.admin)).toHaveLength(1)
    }
  })
})
