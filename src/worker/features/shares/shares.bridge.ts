// The two pieces of "before the session" the care feature keeps (issue 44 §3, §4; decision 068):
// the person's safety plan and this psychologist's recommendations, shaped for the answer of
// GET /v1/appointment/shared. Called only after the share was checked (shares.service.ts shared).
import type { SharedDto } from '#shared/contract/shares'
import type { Db } from '#worker/db/client'
import { recommendationsOf, safetyPlanOf } from './shares.repo'

/** The person's safety plan as the psychologist may see it, or null when they keep none in their account. */
export async function sharedSafetyPlan(db: Db, userId: number): Promise<SharedDto['safety_plan']> {
  const plan = await safetyPlanOf(db, userId)
  if (!plan) return null
  const { updated_at, ...steps } = plan
  return { ...steps, updated_at: new Date(updated_at).toISOString() }
}

/** What `hostId` recommended to `userId` after their sessions, newest first, and the routes named in them. */
export async function recommendationsFrom(db: Db, userId: number, hostId: number) {
  const found = await recommendationsOf(db, userId, hostId)
  const items: NonNullable<SharedDto['recommendations']> = found.map((r) => ({
    id: r.id,
    appointment_id: r.appointment_id,
    note: r.note,
    routes: r.routes,
    created_at: new Date(r.created_at).toISOString(),
  }))
  const seen = new Set<number>()
  const routes = found.flatMap((r) => r.routes).filter((r) => !seen.has(r.id) && !!seen.add(r.id))
  return { routes, items }
}
