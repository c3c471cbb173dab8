// The demo people (SPEC §6): one per role, the psychologists with their weekly availability,
// and for the demo users their credits, subscription and plans. Demo accounts never expire.
import { plans, planAssignments, psychologistAvailability, subscriptions, users } from '#worker/db/schema'
import type { Db } from '#worker/db/client'
import { run } from '#worker/db/query'
import * as ledger from '#worker/ledger/ledger'
import { content, demoAccount, insertNew, type SeedReport } from './content'

/** "HH:MM" as minutes of the day. */
const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number)
  return h! * 60 + m!
}

export async function seedUsers(db: Db, report: SeedReport, hashPassword: (password: string) => Promise<string>) {
  const planRows = await db.select({ id: plans.id, slug: plans.slug, language: plans.language }).from(plans)
  const planIdByKey = (key: string, language: string) => {
    const p = content.plans.find((x) => x.key === key && x.language === language)
    return p ? planRows.find((x) => x.slug === p.slug && x.language === language)?.id : undefined
  }
  const hash = await hashPassword(content.DEMO_PASSWORD)
  // Psychologists first: psico1 is also listed as the role's demo user, and the
  // psychologist row is the one that carries the profile and availability.
  for (const p of content.psychologists) {
    const hostId = await insertNew(db, users, {
      ...demoAccount(p, hash),
      role: 2,
      phone: p.phone,
      psychologistOpenToGetAppointment: true,
      specialistInSymptoms: p.specialist_in_symptoms,
      specializedInTheCategory: p.specialized_in_the_category,
      speaksIn: p.speaks_in,
      nationality: p.nationality,
      locatedAt: p.located_at,
      degree: p.degree,
    })
    if (!hostId) continue
    report.users++
    await db.insert(psychologistAvailability).values(
      p.availability.map((a) => ({
        hostId,
        weekday: a.weekday,
        startMinute: minutes(a.start),
        endMinute: minutes(a.end),
        slotMinutes: a.slot_minutes,
        timezone: p.timezone,
      })),
    )
  }
  for (const u of content.demoUsers) {
    const userId = await insertNew(db, users, {
      ...demoAccount(u, u.password === content.DEMO_PASSWORD ? hash : await hashPassword(u.password)),
      role: u.role,
      subscriber: u.subscriber,
      phone: u.phone,
      isAEmailReader: true,
    })
    if (!userId) continue
    report.users++
    const writes = []
    if (u.credits)
      await run(db, ledger.seedStmt({ userId: userId, cents: u.credits * 100, email: u.email, at: Date.now() }))
    // A subscriber has the subscription that makes them one (the flag follows it: features/payments).
    if (u.subscriber) {
      const start = new Date()
      const end = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), start.getUTCDate()))
      writes.push(
        db
          .insert(subscriptions)
          .values({
            userId: userId,
            title: 'Calma yearly',
            type: 1,
            status: 1,
            interval: 'year',
            item: 'yearly',
            stripeSubscriptionId: `sub_local_seed_${userId}`,
            periodStartAt: start,
            endAt: end,
          })
          .onConflictDoNothing(),
      )
    }
    const planIds = (u.assigned_plan_keys ?? [])
      .map((k) => planIdByKey(k, u.language))
      .filter((x): x is number => x !== undefined)
    if (planIds.length)
      writes.push(
        db
          .insert(planAssignments)
          .values(planIds.map((planId) => ({ planId, userId: userId })))
          .onConflictDoNothing(),
      )
    if (writes.length) await db.batch(writes as [(typeof writes)[number], ...typeof writes])
  }
}
