// The care repos another feature reads (issue 44: the psychologist's view of a shared practice):
// a plan kept by the later edit, recommendations read per person and per psychologist, on real D1.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { emptySafetyPlan } from '#shared/safety'
import { getDb } from '#worker/db/client'
import { recommendationsFor, recommendedRouteIds, saveRecommendation } from '#worker/features/care/recommendations.repo'
import { safetyPlanOf, saveSafetyPlan } from '#worker/features/care/safety.repo'
import { makeAppointment, makeRoute, makeUser } from '../factories'

const db = () => getDb(env.DB)

describe('care repos', () => {
  it('a safety plan: none until kept, then the later edit wins whichever arrives last', async () => {
    const p = await makeUser()
    expect(await safetyPlanOf(db(), p.id)).toBeNull()
    const morning = { ...emptySafetyPlan(), warning_signs: ['No duermo'] }
    const night = { ...emptySafetyPlan(), warning_signs: ['Me aíslo'] }
    const saved = await saveSafetyPlan(db(), p.id, night, new Date('2026-12-07T22:00:00Z'))
    expect(saved.kept).toBe(true)
    const late = await saveSafetyPlan(db(), p.id, morning, new Date('2026-12-07T08:00:00Z'))
    expect(late.kept).toBe(false)
    expect(late.plan.steps.warning_signs).toEqual(['Me aíslo'])
    expect((await safetyPlanOf(db(), p.id))?.updatedAt.toISOString()).toBe('2026-12-07T22:00:00.000Z')
  })

  it('recommendations: per person, per psychologist, routes in order, a second save replaces the first', async () => {
    const p = await makeUser()
    const [h1, h2] = [await makeUser({ role: Role.psychologist }), await makeUser({ role: Role.psychologist })]
    const [a, b, c] = [await makeRoute(), await makeRoute(), await makeRoute()]
    const s1 = await makeAppointment(p.id, h1.id, Date.now() - 7_200_000, { status: AppointmentStatus.attended })
    const s2 = await makeAppointment(p.id, h2.id, Date.now() - 3 * 7_200_000, { status: AppointmentStatus.attended })
    const now = new Date()
    const first = await saveRecommendation(db(), {
      appointmentId: s1,
      hostId: h1.id,
      userId: p.id,
      routeIds: [b.id, a.id],
      note: 'x',
      now,
    })
    expect(first.created).toBe(true)
    const again = await saveRecommendation(db(), {
      appointmentId: s1,
      hostId: h1.id,
      userId: p.id,
      routeIds: [c.id, a.id],
      note: 'y',
      now: new Date(now.getTime() + 1000),
    })
    expect(again).toEqual({ id: first.id, created: false })
    await saveRecommendation(db(), { appointmentId: s2, hostId: h2.id, userId: p.id, routeIds: [b.id], note: '', now })
    const byH1 = await recommendationsFor(db(), { hostId: h1.id, userId: p.id })
    expect(byH1.map((r) => [r.routeIds, r.note])).toEqual([[[c.id, a.id], 'y']])
    expect(await recommendationsFor(db(), { userId: p.id })).toHaveLength(2)
    expect(await recommendationsFor(db(), { hostId: h2.id, userId: h1.id })).toEqual([])
    expect([...(await recommendedRouteIds(db(), p.id))].sort()).toEqual([a.id, b.id, c.id].sort())
  })
})
