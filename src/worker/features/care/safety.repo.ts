// Queries of a person's safety plan (issue 44 §4). Every statement names the person's own user id:
// nothing here can reach another person's plan, and nothing here is read by admin screens,
// analytics or the export (docs/decisions/068).
import { eq, sql } from 'drizzle-orm'
import type { SafetyPlanSteps } from '#shared/safety'
import type { Db } from '#worker/db/client'
import { batch, rowsIn } from '#worker/db/query'
import { mapRow, rowOf } from '#worker/db/rows'
import { safetyPlans } from '#worker/db/schema'

/** A kept plan: its six steps and the instant the person last edited it. */
export interface SafetyPlanRow {
  steps: SafetyPlanSteps
  updatedAt: Date
}

const columns = {
  warning_signs: safetyPlans.warningSigns,
  coping: safetyPlans.coping,
  distractions: safetyPlans.distractions,
  people: safetyPlans.people,
  professionals: safetyPlans.professionals,
  environment: safetyPlans.environment,
  updatedAt: safetyPlans.updatedAt,
}

const planRow = rowOf(safetyPlans)

const toRow = ({ updatedAt, ...steps }: { updatedAt: Date } & SafetyPlanSteps): SafetyPlanRow => ({ steps, updatedAt })

/**
 * The safety plan `userId` keeps in their account, or null when they keep none. Callers other than
 * the person themselves (a psychologist through the person's share, issue 44 §1) must have checked
 * that share first: this function checks nothing but the id.
 */
export async function safetyPlanOf(db: Db, userId: number): Promise<SafetyPlanRow | null> {
  const found = await db.select(columns).from(safetyPlans).where(eq(safetyPlans.userId, userId)).get()
  return found ? toRow(found) : null
}

/**
 * Keeps `steps` as the person's plan edited at `editedAt`, unless the account holds a later edit
 * (last write wins by the edit's instant, so a phone that was offline all day cannot overwrite this
 * morning's edit from the laptop with yesterday's plan). Answers what the account holds after it,
 * and whether this write was the one kept: one batch, one transaction.
 */
export async function saveSafetyPlan(
  db: Db,
  userId: number,
  steps: SafetyPlanSteps,
  editedAt: Date,
): Promise<{ plan: SafetyPlanRow; kept: boolean }> {
  const values = {
    warningSigns: steps.warning_signs,
    coping: steps.coping,
    distractions: steps.distractions,
    people: steps.people,
    professionals: steps.professionals,
    environment: steps.environment,
  }
  const [write, after] = await batch(db, [
    db
      .insert(safetyPlans)
      .values({ userId, ...values, createdAt: editedAt, updatedAt: editedAt })
      .onConflictDoUpdate({
        target: safetyPlans.userId,
        set: { ...values, updatedAt: editedAt },
        setWhere: sql`excluded.updated_at >= ${safetyPlans.updatedAt}`,
      }),
    // What the account holds after it, read by the same batch (issue 43 §3: it was a round of its own).
    sql`SELECT * FROM safety_plans WHERE user_id = ${userId}`,
  ])
  const raw = rowsIn(after, planRow)[0]
  if (!raw) throw new Error('safety plan missing right after its write')
  const { warningSigns, coping, distractions, people, professionals, environment, updatedAt } = mapRow(safetyPlans, raw)
  const plan = toRow({
    warning_signs: warningSigns,
    coping,
    distractions,
    people,
    professionals,
    environment,
    updatedAt,
  })
  return { plan, kept: (write?.meta.changes ?? 0) > 0 }
}
