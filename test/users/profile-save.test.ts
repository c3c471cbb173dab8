// Decision 089, checked by an outside review: the profile saved from the confirmed row, the balance
// beside the write, the written row as KV's first copy.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { passwordFingerprint } from '#worker/identity/records'
import { givenCredits } from '../factories'
import { api, json } from '../helpers'
import { bearer, changePassword, PASSWORD, recoveryLink, register, signInWithLink, updateProfile } from './support'

const rowOf = (id: number) =>
  env.DB.prepare('SELECT language, name, password_hash, password_fp, is_a_email_reader FROM users WHERE id = ?1')
    .bind(id)
    .first<{
      language: string
      name: string
      password_hash: string | null
      password_fp: string | null
      is_a_email_reader: number
    }>()

describe('saving the profile in fewer rounds (decision 089, outside review)', () => {
  it('a name and language change: answered with the balance, KV’s copy carries the new row', async () => {
    const u = await register()
    await givenCredits(u.id, 1234, 'seed', `review:${u.id}`)
    const r = await updateProfile(u.token, { name: 'Nuevo Nombre', language: 'en' })
    const body = await json(r)
    expect(r.status, JSON.stringify(body)).toBe(200)
    expect(body.user.name).toBe('Nuevo Nombre')
    expect(JSON.stringify(body)).not.toContain('password_fp')
    const person = await env.KV.get<{ u: Record<string, unknown> }>(`person:${u.id}`, 'json')
    expect(person!.u.name).toBe('Nuevo Nombre')
    expect(person!.u.passwordFp ?? null).toBeNull()
    expect(person!.u.passwordHash).toBe('*')
    const me = await json(await api('/v1/user', { headers: bearer(u.token), locale: 'en' }))
    expect(me.user.name).toBe('Nuevo Nombre')
    expect(JSON.stringify(me)).not.toContain((await rowOf(u.id))!.password_fp!)
  })

  it('a password changed in D1 meanwhile (another location): the save is refused 401 and writes nothing', async () => {
    const u = await register()
    await env.DB.prepare("UPDATE users SET password_hash = 'elsewhere' WHERE id = ?1").bind(u.id).run()
    const r = await updateProfile(u.token, { name: 'Nope' })
    expect(r.status).toBe(401)
    expect((await rowOf(u.id))!.name).not.toBe('Nope')
    expect((await rowOf(u.id))!.password_fp).toBeNull()
  })

  it('a new password: the old token ends, the new one works, D1’s copy is the new password’s', async () => {
    const u = await register()
    const r = await changePassword(u.token, 'Another-long-secret-9')
    const body = await json(r)
    expect(r.status, JSON.stringify(body)).toBe(200)
    const row = (await rowOf(u.id))!
    expect(row.password_fp).toBe(await passwordFingerprint(row.password_hash))
    expect((await api('/v1/user', { headers: bearer(u.token), locale: 'en' })).status).toBe(401)
    expect((await api('/v1/user', { headers: bearer(body.user.token), locale: 'en' })).status).toBe(200)
  })

  it('a recovery session sets a password without the current one; the copy follows', async () => {
    const u = await register()
    const link = await recoveryLink(u.email)
    const signed = await signInWithLink(u.id, link)
    const sb = await json(signed)
    expect(signed.status, JSON.stringify(sb)).toBe(200)
    const r = await updateProfile(sb.user.token, { password: 'Recovered-secret-55' })
    expect(r.status, JSON.stringify(await r.clone().json())).toBe(200)
    const row = (await rowOf(u.id))!
    expect(row.password_fp).toBe(await passwordFingerprint(row.password_hash))
    expect((await api('/v1/user', { headers: bearer(u.token), locale: 'en' })).status).toBe(401)
    // Wrong current password on a non-recovery session still 422.
    const fresh = (await json(r)).user.token as string
    const bad = await updateProfile(fresh, { password: 'Yet-another-secret-1', current_password: PASSWORD })
    expect(bad.status).toBe(422)
  })

  it('the email reader toggle: settings message, saved', async () => {
    const u = await register()
    const r = await updateProfile(u.token, { is_a_email_reader: '0' })
    const body = await json(r)
    expect(r.status, JSON.stringify(body)).toBe(200)
    expect(body.message).toBe('Settings updated.')
    expect((await rowOf(u.id))!.is_a_email_reader).toBe(0)
  })
})
