// The demo of care between sessions (issue 44 §6; issue 42 §10): both demo patients have weeks of
// check-ins; the Spanish one shares them with psico1, with whom she has a past session (and its
// recommendation) and one to come, and has started a safety plan; the English one shares nothing.
// Seeding again (every `npm start`) adds nothing.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { givePassword, seedContent } from '../factories'
import { login } from '../users/support'
import { call, seeShared } from './support'

const only = { routes: true, posts: false, plans: true, users: true, activity: true }
const PASSWORD = 'Calma-demo-2026'
const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n
const idOf = async (email: string) =>
  (await env.DB.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first<{ id: number }>())!.id

async function signIn(email: string) {
  await givePassword(email, PASSWORD)
  const res = await login(email, PASSWORD)
  return (res.body as { user: { token: string } }).user.token
}

describe('the demo of care between sessions', () => {
  it('gives both demo patients weeks of check-ins, and the Spanish one a share psico1 can read', async () => {
    await seedContent(only)
    const tables = ['checkins', 'appointments', 'shares', 'recommendations', 'safety_plans']
    const before = await Promise.all(tables.map((t) => count(`SELECT count(*) AS n FROM ${t}`)))
    await seedContent(only)
    expect(await Promise.all(tables.map((t) => count(`SELECT count(*) AS n FROM ${t}`)))).toEqual(before)

    const es = await signIn('patient@demo.calma.app')
    const en = await signIn('patient.en@demo.calma.app')
    for (const token of [es, en]) {
      const mine = await call(token, 'GET', '/v1/checkins')
      expect(mine.res.status).toBe(200)
      expect(mine.body.trend.days.filter((d: { mood: number | null }) => d.mood !== null).length).toBeGreaterThan(15)
    }
    const enShares = await call(en, 'GET', '/v1/my/shares')
    expect(enShares.body.shares.every((s: { active: boolean }) => !s.active)).toBe(true)
    const esShares = await call(es, 'GET', '/v1/my/shares')
    const host = await idOf('psico1@demo.calma.app')
    expect(esShares.body.shares).toEqual([expect.objectContaining({ host_id: host, checkins: true, active: true })])

    const psico = await signIn('psico1@demo.calma.app')
    const patientId = await idOf('patient@demo.calma.app')
    const next = (await env.DB.prepare(
      'SELECT id FROM appointments WHERE guest_id = ?1 AND host_id = ?2 AND status IN (1, 2) AND start_at > ?3',
    )
      .bind(patientId, host, Date.now())
      .first<{ id: number }>())!.id
    const shared = await seeShared(psico, next, 'es')
    expect(shared.res.status).toBe(200)
    expect(shared.body.checkins.days.filter((d: { mood: number | null }) => d.mood !== null).length).toBeGreaterThan(15)
    expect(shared.body.notes.length).toBeGreaterThan(0)
    expect(shared.body.safety_plan.warning_signs.length).toBeGreaterThan(0)
    expect(shared.body.recommendations).toHaveLength(1)
    expect(shared.body.practice.recommended).toHaveLength(2)
    expect(shared.body.practice.days_active).toBeGreaterThan(0)
  })
})
