// A person's safety plan in their account (issue 44 §4): read and written by the person only.
// The device keeps its own copy first (the /help page); this is the copy every device of theirs
// can reach. Last write wins by the edit's instant (decision 068).
import type { SafetyPlanDto, SafetyPlanForm } from '#shared/contract/care'
import type { Ctx } from '#worker/context'
import { me } from '#worker/identity/caller'
import * as repo from './safety.repo'

const dto = (p: repo.SafetyPlanRow): SafetyPlanDto => ({ ...p.steps, updated_at: p.updatedAt.toISOString() })

/** GET /v1/my/safety-plan. */
export async function mySafetyPlan(ctx: Ctx): Promise<{ plan: SafetyPlanDto | null }> {
  const plan = await repo.safetyPlanOf(ctx.db, me(ctx).id)
  return { plan: plan && dto(plan) }
}

/**
 * POST /v1/my/safety-plan. The edit's instant is the device's (an edit made offline this morning
 * is this morning's), never later than now: a device whose clock runs ahead cannot make its plan
 * win over every later edit.
 */
export async function saveSafetyPlan(ctx: Ctx, f: SafetyPlanForm, now = Date.now()) {
  const editedAt = new Date(Math.min(f.updated_at ?? now, now))
  const { plan, kept } = await repo.saveSafetyPlan(ctx.db, me(ctx).id, f.plan, editedAt)
  return { plan: dto(plan), kept }
}
