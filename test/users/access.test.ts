import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { patchUser } from '../factories'
import { bearer, erase, mailTo, register, setRole } from './support'

const ADMIN = 4
const PSYCHOLOGIST = 2
const update = (token: string, form: Record<string, string>, locale = 'en') =>
  api('/v1/user/update', { method: 'POST', locale, headers: bearer(token), form })

/** Columns a person never sets through their own profile. */
const NOT_SETTABLE = 'role credits subscriber email token id password_hash stripe_id free_access_until'.split(' ')

describe('roles and access', () => {
  it('role, credits, subscriber, email, token and ids cannot be set through the profile', async () => {
    const r = await register()
    for (const field of NOT_SETTABLE) {
      const res = await update(r.token, {
        name: `Fine ${field}`,
        [field]: field === 'email' ? 'admin@demo.calma.app' : '4',
      })
      // The profile fields are saved; the foreign field is dropped, never applied.
      expect(res.status, field).toBe(200)
      const body = await json(res)
      expect(body.user, field).toMatchObject({
        id: r.id,
        name: `Fine ${field}`,
        role: 1,
        subscriber: false,
        credits: 0,
        email: r.email,
      })
    }
    const row = await env.DB.prepare(
      'SELECT role, subscriber, name, email, stripe_id, free_access_until > ?2 AS far FROM users WHERE id = ?1',
    )
      .bind(r.id, Date.now() + 4 * 86_400_000)
      .first<any>()
    expect(row).toEqual({
      role: 1,
      subscriber: 0,
      name: 'Fine free_access_until',
      email: r.email,
      stripe_id: null,
      far: 0,
    })
    const ledger = await env.DB.prepare('SELECT count(*) AS n FROM credit_ledger WHERE user_id = ?1')
      .bind(r.id)
      .first<any>()
    expect(ledger.n).toBe(0)
    const perms = await json(await api('/v1/user/permissions', { headers: bearer(r.token) }))
    expect(perms.permissions).toEqual({
      can_schedule_appointments: false,
      can_play_units: true,
      is_subscriber: false,
      is_admin: false,
      is_psychologist: false,
    })
  })

  it("another user's data is never reachable", async () => {
    const a = await register()
    const b = await register()
    // GET /v1/user ignores any id: it is always the caller.
    const mine = await json(await api(`/v1/user?id=${b.id}&user_id=${b.id}`, { headers: bearer(a.token) }))
    expect(mine.user.id).toBe(a.id)
    expect(JSON.stringify(mine)).not.toContain(b.email)
    // Updating or deleting someone else is refused and changes nothing.
    // An id in the profile form is ignored: it can only ever change the caller.
    const upd = await update(a.token, { id: String(b.id), name: 'Hacked' })
    expect(upd.status).toBe(200)
    expect((await json(upd)).user.id).toBe(a.id)
    const del = await erase(a.token, b.id)
    expect(del.status).toBe(403)
    expect((await json(del)).message).toBe('Unauthorized')
    const off = await api('/v1/user/notifications/delete', {
      method: 'DELETE',
      locale: 'en',
      headers: bearer(a.token),
      form: { user_id: String(b.id) },
    })
    expect(off.status).toBe(403)
    const rowB = await env.DB.prepare('SELECT name, notifications_disabled_at FROM users WHERE id = ?1')
      .bind(b.id)
      .first<any>()
    expect(rowB).toEqual({ name: 'Test Person', notifications_disabled_at: null })
    // The export holds only the caller's rows.
    const exp = await api('/v1/user/export', { headers: bearer(a.token) })
    expect(exp.headers.get('content-disposition')).toContain('attachment')
    const data = (await json(exp)).export
    expect(data.user.id).toBe(a.id)
    expect(data.user).not.toHaveProperty('password_hash')
    expect(data.consent_records.every((c: any) => c.user_id === a.id)).toBe(true)
    expect(JSON.stringify(data)).not.toContain(b.email)
  })

  it('GET /v1/users is for admins only; they see emails, nobody else does', async () => {
    const patient = await register()
    const admin = await register()
    await setRole(admin.id, ADMIN)
    const denied = await api('/v1/users', { headers: bearer(patient.token), locale: 'es' })
    expect(denied.status).toBe(403)
    expect((await json(denied)).message).toBe('No autorizado.')
    expect((await api('/v1/users')).status).toBe(401)

    const list = await api(`/v1/users?per_page=2&filters[search]=${encodeURIComponent(patient.email)}`, {
      headers: bearer(admin.token),
    })
    expect(list.status).toBe(200)
    const body = await json(list)
    expect(body.users).toHaveLength(1)
    expect(body.users[0]).toMatchObject({ id: patient.id, email: patient.email, role: 1 })
    expect(body.users[0]).not.toHaveProperty('password_hash')
    expect(body.pagination).toMatchObject({ current_page: 1, per_page: 2, total: 1 })
    const bad = await api('/v1/users?page=0&order_by=password_hash', { headers: bearer(admin.token), locale: 'en' })
    expect(bad.status).toBe(422)
    expect(Object.keys((await json(bad)).errors).sort()).toEqual(['order_by', 'page'])
  })

  it('GET /v1/users/psychologists is public and carries no email or phone', async () => {
    const p = await register({ name: 'Dra. Calma' })
    await setRole(p.id, PSYCHOLOGIST)
    await patchUser(p.id, { phone: '+34612345678', psychologistOpenToGetAppointment: true, speaksIn: ['es'] })
    const res = await api('/v1/users/psychologists?filters[open]=1')
    expect(res.status).toBe(200)
    const body = await json(res)
    const found = body.psychologists.find((x: any) => x.id === p.id)
    expect(found).toMatchObject({ name: 'Dra. Calma', psychologist_open_to_get_appointment: true, speaks_in: ['es'] })
    const text = JSON.stringify(body)
    expect(text).not.toContain(p.email)
    expect(text).not.toContain('+34612345678')
    expect(text).not.toContain('"email"')
  })

  it('an admin may delete another user; the permissions call needs a session', async () => {
    const admin = await register()
    await setRole(admin.id, ADMIN)
    const victim = await register()
    const res = await erase(admin.token, victim.id)
    expect(res.status).toBe(200)
    expect((await json(res)).message).toBe('User deleted.')
    expect((await api('/v1/user', { headers: bearer(victim.token) })).status).toBe(401)
    expect((await api('/v1/user', { headers: bearer(admin.token) })).status).toBe(200)
    expect((await api('/v1/user/permissions')).status).toBe(401)
  })

  it('after the 3 free days a patient who is not a subscriber is sent to the expired page', async () => {
    const r = await register()
    const page = (path: string) =>
      api(path, { headers: { cookie: `calma_session=${r.token}`, accept: 'text/html' }, redirect: 'manual' })
    expect((await page('/journey')).status).toBe(200)
    await patchUser(r.id, { freeAccessUntil: new Date(Date.now() - 1000) })
    const journey = await page('/en/journey')
    expect(journey.status).toBe(302)
    expect(journey.headers.get('location')).toBe('/en/expired')
    expect((await page('/profile')).status).toBe(200) // may still manage or delete the account
    const me = await json(await api('/v1/user', { headers: bearer(r.token) }))
    expect(me.user.access_expired).toBe(true)
    const perms = await json(await api('/v1/user/permissions', { headers: bearer(r.token) }))
    expect(perms.permissions.can_play_units).toBe(false)
    await patchUser(r.id, { subscriber: true })
    expect((await page('/journey')).status).toBe(200)
    const sub = await json(await api('/v1/user/permissions', { headers: bearer(r.token) }))
    expect(sub.permissions).toMatchObject({
      can_schedule_appointments: true,
      can_play_units: true,
      is_subscriber: true,
    })
  })
})

describe('POST /v1/user/update (profile)', () => {
  it('keeps a Spanish phone with its country code, and refuses a wrong one in both languages', async () => {
    const r = await register()
    const ok = await update(
      r.token,
      { phone: '+34 612 34 56 78', country_code: 'es', language: 'es', name: 'Lucía' },
      'es',
    )
    expect(ok.status).toBe(200)
    const body = await json(ok)
    expect(body.message).toBe('Tu perfil se ha actualizado.')
    expect(body.user).toMatchObject({ phone: '+34612345678', country_code: 'ES', language: 'es', name: 'Lucía' })

    for (const [locale, msg] of [
      ['es', 'El número de teléfono no es válido.'],
      ['en', 'The phone number is not valid.'],
    ]) {
      for (const phone of ['612345678', '+34 123', '+34 1234567890123', 'call me']) {
        const res = await update(r.token, { phone }, locale)
        expect(res.status).toBe(422)
        expect((await json(res)).errors.phone).toEqual([msg])
      }
    }
    const bad = await update(r.token, { country_code: 'XX', language: 'fr' })
    expect((await json(bad)).errors).toEqual({
      country_code: ['Choose a country from the list.'],
      language: ['Choose one of the options.'],
    })
    const row = await env.DB.prepare('SELECT phone, country_code FROM users WHERE id = ?1').bind(r.id).first()
    expect(row).toEqual({ phone: '+34612345678', country_code: 'ES' })
  })

  it('saves notification settings, and a signed mail link turns notifications off', async () => {
    const r = await register()
    const res = await update(r.token, { is_a_email_reader: '1', perfect_time_to_send_notifications: '21:30' })
    const body = await json(res)
    expect(body.message).toBe('Settings updated.')
    expect(body.user).toMatchObject({
      is_a_email_reader: true,
      perfect_time_to_send_notifications: '21:30',
      notifications_disabled: false,
    })

    const mail = (await mailTo(r.email, 'welcome'))!
    const link = new URL(/https?:\/\/\S+disable-notifications\S+/.exec(mail!.text)![0])
    const forged = await api('/v1/user/notifications/delete', {
      method: 'DELETE',
      locale: 'en',
      form: { user_id: String(r.id), signature: 'x'.repeat(43) },
    })
    expect(forged.status).toBe(403)
    expect((await json(forged)).message).toBe('This link is not valid.')
    const off = await api('/v1/user/notifications/delete', {
      method: 'DELETE',
      locale: 'es',
      form: { user_id: link.searchParams.get('user_id')!, signature: link.searchParams.get('signature')! },
    })
    expect(off.status).toBe(200)
    expect((await json(off)).message).toBe('Listo. No recibirás más notificaciones.')
    const me = await json(await api('/v1/user', { headers: bearer(r.token) }))
    expect(me.user).toMatchObject({ notifications_disabled: true, is_a_email_reader: false })
    expect((await api('/v1/user/notifications/delete', { method: 'DELETE' })).status).toBe(401)
  })
})
