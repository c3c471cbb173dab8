// Which plan a person is on (issue 7 §4; SPEC §4, §9): the starting plan given at registration
// or on a first look, and the plan that follows a change of language. Apart from plans.service.ts
// because accounts and the profile call it, not only the plan status.
import type { Locale } from '#shared/i18n/index'
import type { Ctx } from '#worker/context'
import * as repo from './plans.repo'

/** SPEC §9: "Defaults: ... category anxiety". */
export const DEFAULT_PLAN_CATEGORY = 'anxiety'

/**
 * Give a person their first plan (issue 7 §4): the plan of `category` (the landing they came
 * from) in `language`, else the default category's, else any visible plan of the language.
 * False when the language has no visible plan. Never fails the caller (a registration).
 */
export async function assignStartingPlan(
  ctx: Ctx,
  userId: number,
  language: Locale,
  category: string | undefined,
  now = new Date(),
) {
  try {
    const plan = await repo.startingPlan(ctx.db, language, category ?? DEFAULT_PLAN_CATEGORY, DEFAULT_PLAN_CATEGORY)
    if (!plan) return false
    await repo.assignAsCurrent(ctx.db, plan.id, userId, now)
    return true
  } catch (err) {
    console.warn(`[plans] starting plan for user ${userId} not assigned:`, err instanceof Error ? err.message : err)
    return false
  }
}

/**
 * The person changed language (profile): their current plan becomes the plan of the new
 * language in the same category (the profile's warning says so, SPEC §4). Progress is kept per
 * unit, so going back to the first language finds that plan where it was left.
 */
export async function followLanguage(ctx: Ctx, userId: number, language: Locale) {
  const category = await repo.currentCategory(ctx.db, userId)
  await assignStartingPlan(ctx, userId, language, category ?? undefined)
}
