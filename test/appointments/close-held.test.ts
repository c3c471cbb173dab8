// The host's close holds the host's session in its own SQL (decision 089): one D1 round once the
// host's row keeps their password's fingerprint (users.password_fp), and every way a session ends
// (a password changed, the role removed, a sign-out, an erasure, a body held across a change)
// still closes nothing. The fingerprint's copy never outlives its password (migration 0031's
// trigger) and never leaves D1 (the export, KV's copy of the person).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus } from '#shared/enums'
import { getDb } from '#worker/db/client'
import { keepPasswordFp, passwordFingerprint, sessionKey } from '#worker/identity/records'
import { tokenHash } from '#worker/lib/crypto'
import { makeAppointment } from '../factories'
import { api, json } from '../helpers'
import { bearer, changePassword, erase, register } from '../users/support'
import { call, guest, heldPost, host, statusOf, tookPlace } from './support'

const fpOf = async (userId: number) =>
  (
    await env.DB.prepare('SELECT password_fp FROM users WHERE id = ?1')
      .bind(userId)
      .first<{ password_fp: string | null }>()
  )?.password_fp
const rewardsOf = async (userId: number) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM user_rewards WHERE user_id = ?1')
    .bind(userId)
    .first<{ n: number }>())!.n
const close = (token: string, id: number, locale = 'en') =>
  call(token, 'POST', '/v1/appointment/close', { id: String(id), status: String(AppointmentStatus.attended) }, locale)
const roundsOf = (res: Response) => Number(res.headers.get('x-d1-rounds'))

/** Until `check` holds (work after the answer: waitUntil), or fails after ~2 s. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 40 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50))
  expect(await check()).toBe(true)
}

describe('the host’s close holds the host’s session in its own SQL (decision 089)', () => {
  it('a host signed in closes in one D1 round, the reward given; the row keeps the fingerprint from the sign-in', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    expect(await fpOf(h.id)).toMatch(/^[\w-]{22}$/)
    const { res, body } = await close(h.token, id, 'es')
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(body.message).toBe('Cita cerrada.')
    expect(roundsOf(res)).toBe(1)
    expect(await statusOf(id)).toBe(AppointmentStatus.attended)
    expect(await rewardsOf(g.id)).toBe(1)
  })

  it('a close refused for the session’s own reason, the host’s session held: one round too, and the reason as before (409, 404, 403)', async () => {
    const h = await host()
    const g = await guest()
    const later = await makeAppointment(g.id, h.id, Date.now() + 86_400_000, { status: AppointmentStatus.confirmed })
    const early = await close(h.token, later, 'es')
    expect(early.res.status, JSON.stringify(early.body)).toBe(409)
    expect(early.body.message).toBe('Esta cita no se puede cerrar ahora.')
    expect(roundsOf(early.res)).toBe(1)
    const missing = await close(h.token, 987_654_321)
    expect(missing.res.status).toBe(404)
    expect(roundsOf(missing.res)).toBe(1)
    // The host's own session as a guest of another psychologist: the guest never closes.
    const other = await host()
    const asGuest = await tookPlace(h.id, other.id)
    const refused = await close(h.token, asGuest)
    expect(refused.res.status).toBe(403)
    expect(roundsOf(refused.res)).toBe(1)
    expect(await statusOf(later)).toBe(AppointmentStatus.confirmed)
    expect(await statusOf(asGuest)).toBe(AppointmentStatus.confirmed)
  })

  it('a session opened before its row kept the fingerprint closes after a confirmation, and the row keeps it for the next close', async () => {
    const h = await host()
    const g = await guest()
    const first = await tookPlace(g.id, h.id)
    const second = await tookPlace(g.id, h.id)
    await env.DB.prepare('UPDATE users SET password_fp = NULL WHERE id = ?1').bind(h.id).run()
    const a = await close(h.token, first)
    expect(a.res.status, JSON.stringify(a.body)).toBe(200)
    expect(roundsOf(a.res)).toBeGreaterThan(1)
    await eventually(async () => !!(await fpOf(h.id)))
    const b = await close(h.token, second)
    expect(b.res.status, JSON.stringify(b.body)).toBe(200)
    expect(roundsOf(b.res)).toBe(1)
    expect([await statusOf(first), await statusOf(second)]).toEqual([
      AppointmentStatus.attended,
      AppointmentStatus.attended,
    ])
  })

  it('[password change × the fingerprint’s copy] a password changed in D1 alone clears the copy (the trigger): that session closes nothing (401); one that sets both keeps its own', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    const kept = await fpOf(h.id)
    const oldHash = (
      await env.DB.prepare('SELECT password_hash FROM users WHERE id = ?1')
        .bind(h.id)
        .first<{ password_hash: string }>()
    )?.password_hash
    expect(kept).toBe(await passwordFingerprint(oldHash!))
    await env.DB.prepare("UPDATE users SET password_hash = 'changed-elsewhere' WHERE id = ?1").bind(h.id).run()
    expect(await fpOf(h.id)).toBeNull()
    const refused = await close(h.token, id, 'es')
    expect(refused.res.status, JSON.stringify(refused.body)).toBe(401)
    expect(await statusOf(id)).toBe(AppointmentStatus.confirmed)
    expect(await rewardsOf(g.id)).toBe(0)
    // The only writer of the copy keeps it only while the hash is the one it fingerprinted: a
    // confirmation that read the old password and lands after the change writes nothing.
    await keepPasswordFp(getDb(env.DB), h.id, oldHash!, kept!)
    expect(await fpOf(h.id)).toBeNull()
    expect((await close(h.token, id)).res.status).toBe(401)
    expect(await statusOf(id)).toBe(AppointmentStatus.confirmed)
    // A statement that sets the hash and its copy together keeps the copy it gave.
    await env.DB.prepare("UPDATE users SET password_hash = 'again', password_fp = 'given' WHERE id = ?1")
      .bind(h.id)
      .run()
    expect(await fpOf(h.id)).toBe('given')
    // Any other change of the row leaves the copy as it is.
    await env.DB.prepare("UPDATE users SET name = 'Otro' WHERE id = ?1").bind(h.id).run()
    expect(await fpOf(h.id)).toBe('given')
  })

  it('[psychologist role removed × a write held in its SQL] the role removed in D1 alone: 403, nothing written; given back, the close goes through', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    await env.DB.prepare('UPDATE users SET role = 1 WHERE id = ?1').bind(h.id).run()
    const refused = await close(h.token, id, 'es')
    expect(refused.res.status, JSON.stringify(refused.body)).toBe(403)
    expect(await statusOf(id)).toBe(AppointmentStatus.confirmed)
    expect(await rewardsOf(g.id)).toBe(0)
    await env.DB.prepare('UPDATE users SET role = 2 WHERE id = ?1').bind(h.id).run()
    expect((await close(h.token, id)).res.status).toBe(200)
  })

  it('[password change × a write held in its SQL] a body held until just after D1 changed the password: 401, nothing written (the condition is the write’s own)', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    const held = heldPost(h.token, '/v1/appointment/close', {
      id: String(id),
      status: String(AppointmentStatus.attended),
    })
    await held.started
    await new Promise((r) => setTimeout(r, 200))
    await env.DB.prepare("UPDATE users SET password_hash = 'changed-elsewhere' WHERE id = ?1").bind(h.id).run()
    await held.release()
    const res = await held.answer
    expect(res.status, await res.clone().text()).toBe(401)
    expect(await statusOf(id)).toBe(AppointmentStatus.confirmed)
    expect(await rewardsOf(g.id)).toBe(0)
  })

  it('[sign-out × a write held in its SQL] [erasure of a psychologist × a write held in its SQL] signed out, or the account erased: the token closes nothing (401)', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    const out = await api('/v1/user/logout', { method: 'POST', locale: 'en', headers: bearer(h.token) })
    expect(out.status).toBe(200)
    expect((await close(h.token, id)).res.status).toBe(401)
    const h2 = await host()
    const id2 = await tookPlace(g.id, h2.id)
    const other = await register()
    // A second session of the same host, then the account erased through the first.
    const gone = await erase(h2.token)
    expect(gone.status, JSON.stringify(await json(gone))).toBe(200)
    expect((await close(h2.token, id2)).res.status).toBe(401)
    expect((await fpOf(h2.id)) ?? null).toBeNull()
    expect((await close(other.token, id2)).res.status).toBe(404)
    expect(await rewardsOf(g.id)).toBe(0)
  })

  it('the copy never leaves D1: not in the export of one’s data, not in KV’s copy of the person', async () => {
    const h = await host()
    expect(await fpOf(h.id)).toBeTruthy()
    const exported = await api('/v1/user/export', { method: 'GET', locale: 'en', headers: bearer(h.token) })
    expect(exported.status).toBe(200)
    const text = await exported.text()
    expect(text).not.toContain('password_fp')
    expect(text).not.toContain((await fpOf(h.id))!)
    const person = await env.KV.get<{ u: Record<string, unknown> }>(`person:${h.id}`, 'json')
    expect(person?.u).toBeTruthy()
    expect(person!.u.passwordFp ?? null).toBeNull()
  })

  it('[password change × a write held in its SQL] [password change × the fingerprint’s copy] a password changed on the profile: the old token closes nothing (401), the new one closes in one round', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    const before = await fpOf(h.id)
    const changed = await changePassword(h.token, 'A-whole-new-secret-77')
    expect(changed.status).toBe(200)
    const fresh = (await json(changed)).user.token as string
    expect(await fpOf(h.id)).toBeTruthy()
    expect(await fpOf(h.id)).not.toBe(before)
    expect((await close(h.token, id)).res.status).toBe(401)
    expect(await statusOf(id)).toBe(AppointmentStatus.confirmed)
    const { res } = await close(fresh, id)
    expect(res.status).toBe(200)
    expect(roundsOf(res)).toBe(1)
  })

  it('[session expiry × a write held in its SQL] a session past its end closes nothing (401), its copy in D1 still there', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    const key = sessionKey(await tokenHash(env, h.token))
    const rec = await env.KV.get<{ exp: number }>(key, 'json')
    await env.KV.put(key, JSON.stringify({ ...rec, exp: Date.now() - 1_000 }))
    expect((await close(h.token, id)).res.status).toBe(401)
    expect(await statusOf(id)).toBe(AppointmentStatus.confirmed)
    expect(await fpOf(h.id)).toBeTruthy()
  })
})
