// The demo plans (SPEC §3 "Plan") with their ordered routes and lock settings.
import type { Db } from '#worker/db/client'
import { planRoutes, plans } from '#worker/db/schema'
import { content, type IdOf, type SeedReport } from './content'

export async function seedPlans(db: Db, report: SeedReport, routeIdByKey: IdOf) {
  for (const p of content.plans) {
    const [created] = await db
      .insert(plans)
      .values({
        language: p.language,
        slug: p.slug,
        title: p.title,
        description: p.description,
        visibility: p.visibility,
        category: p.key.includes('insomnia') ? 'insomnia' : 'anxiety',
      })
      .onConflictDoNothing()
      .returning({ id: plans.id })
    if (!created) continue
    report.plans++
    const rows = p.routes
      .map((pr, i) => ({ pr, i, routeId: routeIdByKey(pr.route, p.language) }))
      .filter((x): x is typeof x & { routeId: number } => x.routeId !== undefined)
      .map(({ pr, i, routeId }) => ({
        planId: created.id,
        routeId,
        order: i + 1,
        waitingTimeHours: pr.waiting_time_hours ?? 0,
        needAppointment: !!pr.need_appointment,
        needFinishedAppointment: !!pr.need_finished_appointment,
      }))
    if (rows.length) await db.insert(planRoutes).values(rows).onConflictDoNothing()
  }
}
