// The demo plans (SPEC §3 "Plan") with their ordered routes and lock settings.
import type { Db } from '#worker/db/client'
import { planRoutes, plans } from '#worker/db/schema'
import { content, insertNew, type IdOf, type SeedReport } from './content'

export async function seedPlans(db: Db, report: SeedReport, routeIdByKey: IdOf) {
  for (const p of content.plans) {
    const planId = await insertNew(db, plans, {
      language: p.language,
      slug: p.slug,
      title: p.title,
      description: p.description,
      visibility: p.visibility,
      category: p.key.includes('insomnia') ? 'insomnia' : 'anxiety',
    })
    if (!planId) continue
    report.plans++
    const rows = p.routes
      .map((pr, i) => ({ pr, i, routeId: routeIdByKey(pr.route, p.language) }))
      .filter((x): x is typeof x & { routeId: number } => x.routeId !== undefined)
      .map(({ pr, i, routeId }) => ({
        planId,
        routeId,
        order: i + 1,
        waitingTimeHours: pr.waiting_time_hours ?? 0,
        needAppointment: !!pr.need_appointment,
        needFinishedAppointment: !!pr.need_finished_appointment,
      }))
    if (rows.length) await db.insert(planRoutes).values(rows).onConflictDoNothing()
  }
}
