// The lifecycle table's care cells (issue 44 §5; docs/LIFECYCLE.md "Care between sessions",
// decision 068): life events × the person's safety plan and the routes recommended to them.
// Through the Worker: the calls people make, D1 as it is.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { makeAppointment, makeRoute, patchUser } from '../factories'
import { api, json } from '../helpers'
import { bearer, changePassword, erase, register, saveRole, setRole } from '../users/support'
import { host } from '../appointments/support'

const PLAN = JSON.stringify({ warning_signs: ['No duermo'], people: [{ name: 'Ana', phone: '600111222' }] })

const rowsIn = async (table: string, column: string, id: number) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?1`).bind(id).first<{ n: number }>())!.n

async function person() {
  const p = await register()
  await patchUser(p.id, { language: 'es' })
  const saved = await api('/v1/my/safety-plan', { method: 'POST', headers: bearer(p.token), form: { plan: PLAN } })
  expect(saved.status).toBe(200)
  return p
}
async function recommended(p: { id: number }) {
  const h = await host()
  const session = await makeAppointment(p.id, h.id, Date.now() - 3 * 3_600_000, { status: AppointmentStatus.attended })
  const route = await makeRoute({ language: 'es', units: 1 })
  const res = await api('/v1/appointment/recommend', {
    method: 'POST',
    headers: bearer(h.token),
    form: { id: String(session), 'route_ids[]': String(route.id), note: 'Para esta semana' },
  })
  expect(res.status).toBe(200)
  return { h, session, route }
}
const myPlan = async (token: string) =>
  (await json(await api('/v1/my/safety-plan', { headers: bearer(token), locale: 'en' }))).plan
const myRecommendations = async (token: string) =>
  (await json(await api('/v1/my/recommendations', { headers: bearer(token), locale: 'en' }))).recommendations

describe('care × life events', () => {
  it('[erasure of a patient × safety plan] gone with the account', async () => {
    const p = await person()
    expect(await rowsIn('safety_plans', 'user_id', p.id)).toBe(1)
    expect((await erase(p.token)).status).toBe(200)
    expect(await rowsIn('safety_plans', 'user_id', p.id)).toBe(0)
  })

  it('[erasure of a patient × recommendations] gone with the account, their routes too', async () => {
    const p = await person()
    await recommended(p)
    expect(await rowsIn('recommendations', 'user_id', p.id)).toBe(1)
    expect((await erase(p.token)).status).toBe(200)
    expect(await rowsIn('recommendations', 'user_id', p.id)).toBe(0)
    const orphans = await env.DB.prepare(
      'SELECT count(*) AS n FROM recommendation_routes WHERE recommendation_id NOT IN (SELECT id FROM recommendations)',
    ).first<{ n: number }>()
    expect(orphans!.n).toBe(0)
  })

  it('[erasure of a patient by an admin × safety plan] gone, and the admin never read it', async () => {
    const p = await person()
    const boss = await register()
    await setRole(boss.id, Role.admin)
    expect(await myPlan(boss.token)).toBeNull()
    expect((await erase(boss.token, p.id)).status).toBe(200)
    expect(await rowsIn('safety_plans', 'user_id', p.id)).toBe(0)
  })

  it('[erasure of a psychologist × recommendations] kept for the person, from "a psychologist who has left"', async () => {
    const p = await person()
    const { h, route } = await recommended(p)
    expect((await erase(h.token)).status).toBe(200)
    const list = await myRecommendations(p.token)
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ host: null, note: 'Para esta semana', routes: [{ id: route.id }] })
  })

  it('[psychologist role removed × recommendations] no new one from them at once; the person keeps the earlier', async () => {
    const p = await person()
    const { h, session, route } = await recommended(p)
    const boss = await register()
    await setRole(boss.id, Role.admin)
    expect((await saveRole(bearer(boss.token), h.id, Role.patient)).status).toBe(200)
    const again = await api('/v1/appointment/recommend', {
      method: 'POST',
      headers: bearer(h.token),
      form: { id: String(session), 'route_ids[]': String(route.id) },
    })
    expect(again.status).toBe(403)
    expect((await myRecommendations(p.token)).map((r: any) => r.host?.id)).toEqual([h.id])
  })

  it('[password change × safety plan] kept: it is the person’s, not the session’s', async () => {
    const p = await person()
    expect((await changePassword(p.token, 'Another-calm-password-7')).status).toBe(200)
    expect(await rowsIn('safety_plans', 'user_id', p.id)).toBe(1)
  })

  it('[sign-out everywhere × safety plan] kept in the account for the next sign-in', async () => {
    const p = await person()
    expect((await api('/v1/user/logout/all', { method: 'POST', headers: bearer(p.token) })).status).toBe(200)
    expect(await rowsIn('safety_plans', 'user_id', p.id)).toBe(1)
  })
})
