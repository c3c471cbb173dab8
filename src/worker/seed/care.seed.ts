// The demo's care between sessions (issue 44 §6; issue 42 §10): weeks of check-ins for both demo
// patients, and for the Spanish one a past and an upcoming session with psico1 with whom she
// shares, a recommendation from the past session and a started safety plan. Idempotent and
// moving with the calendar: days and rows are written once (a person's own choices are kept), a
// past session or a session to come is added only when the pair has none.
import { and, eq, gt, inArray, lt } from 'drizzle-orm'
import { AppointmentStatus, MeetingChannel } from '#shared/enums'
import type { Db } from '#worker/db/client'
import {
  appointments,
  checkins,
  recommendationRoutes,
  recommendations,
  safetyPlans,
  shares,
  users,
} from '#worker/db/schema'
import { addDays, instantOf, wallClock } from '#worker/lib/zones'
import { content, type IdOf } from './content'

const HOUR = 3_600_000
const SESSION_MS = 50 * 60_000

export async function seedCare(db: Db, routeIdByKey: IdOf, now: number) {
  const people = await db
    .select({ id: users.id, email: users.email, timezone: users.timezone })
    .from(users)
    .where(inArray(users.email, [...content.demoCheckins.map((c) => c.email), content.demoCare.host]))
  const idOf = (email: string) => people.find((p) => p.email === email)
  for (const c of content.demoCheckins) {
    const person = idOf(c.email)
    if (!person) continue
    const today = wallClock(now, person.timezone ?? 'UTC').date
    const rows = c.moods.flatMap((mood, i) => {
      if (!mood) return []
      const at = new Date(now - (i + 1) * 24 * HOUR)
      return [
        {
          userId: person.id,
          day: addDays(today, -(i + 1)),
          mood,
          note: c.notes[i] ?? null,
          createdAt: at,
          updatedAt: at,
        },
      ]
    })
    for (let i = 0; i < rows.length; i += 10)
      await db
        .insert(checkins)
        .values(rows.slice(i, i + 10))
        .onConflictDoNothing()
  }

  const care = content.demoCare
  const patient = idOf(care.patient)
  const host = idOf(care.host)
  if (!patient || !host) return
  const pair = and(eq(appointments.guestId, patient.id), eq(appointments.hostId, host.id))
  const live = [AppointmentStatus.pending, AppointmentStatus.confirmed]
  // A session that took place: attended, closed.
  let past = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(pair, eq(appointments.status, AppointmentStatus.attended), lt(appointments.endAt, new Date(now))))
    .get()
  if (!past) {
    const start = at10(now, -care.pastDaysAgo)
    const [row] = await db
      .insert(appointments)
      .values({
        guestId: patient.id,
        hostId: host.id,
        status: AppointmentStatus.attended,
        meetingChannel: MeetingChannel.google_meet,
        startAt: new Date(start),
        endAt: new Date(start + SESSION_MS),
        confirmedByGuestAt: new Date(start - 48 * HOUR),
        confirmedByHostAt: new Date(start - 47 * HOUR),
        closedAt: new Date(start + SESSION_MS),
        createdAt: new Date(start - 72 * HOUR),
      })
      .returning({ id: appointments.id })
    past = row
  }
  // The next one, confirmed by both (no credits move: the demo's balance stays as it is).
  const next = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(pair, inArray(appointments.status, live), gt(appointments.startAt, new Date(now))))
    .get()
  if (!next) {
    const start = at10(now, care.nextDaysAhead)
    await db
      .insert(appointments)
      .values({
        guestId: patient.id,
        hostId: host.id,
        status: AppointmentStatus.confirmed,
        meetingChannel: MeetingChannel.google_meet,
        meetingLink: 'https://meet.google.com/calma-demo',
        startAt: new Date(start),
        endAt: new Date(start + SESSION_MS),
        confirmedByGuestAt: new Date(now),
        confirmedByHostAt: new Date(now),
      })
      .onConflictDoNothing()
  }
  // What she shares with her psychologist: everything (her own later choice is kept).
  await db
    .insert(shares)
    .values({ userId: patient.id, hostId: host.id, checkins: true, notes: true, practice: true, safetyPlan: true })
    .onConflictDoNothing()
  // The psychologist's recommendation after the past session.
  const routeIds = care.recommendation.routes
    .map((k) => routeIdByKey(k, 'es'))
    .filter((x): x is number => x !== undefined)
  if (past && routeIds.length) {
    // Written as the session ended, as the psychologist would have.
    const ended = (
      await db.select({ endAt: appointments.endAt }).from(appointments).where(eq(appointments.id, past.id)).get()
    )?.endAt
    const [rec] = await db
      .insert(recommendations)
      .values({
        appointmentId: past.id,
        hostId: host.id,
        userId: patient.id,
        note: care.recommendation.note,
        createdAt: ended,
        updatedAt: ended,
      })
      .onConflictDoNothing()
      .returning({ id: recommendations.id })
    if (rec)
      await db
        .insert(recommendationRoutes)
        .values(routeIds.map((routeId, position) => ({ recommendationId: rec.id, routeId, position })))
        .onConflictDoNothing()
  }
  // A safety plan she started (three of six steps).
  const plan = care.safetyPlan
  await db
    .insert(safetyPlans)
    .values({
      userId: patient.id,
      warningSigns: plan.warning_signs,
      coping: plan.coping,
      distractions: plan.distractions,
      people: plan.people,
      professionals: plan.professionals,
      environment: plan.environment,
      createdAt: new Date(now - 5 * 24 * HOUR),
      updatedAt: new Date(now - 5 * 24 * HOUR),
    })
    .onConflictDoNothing()
}

/** 10:00 in Madrid, `days` from today there (the demo psychologist's morning hours). */
function at10(now: number, days: number) {
  const today = wallClock(now, 'Europe/Madrid').date
  return instantOf(addDays(today, days), 600, 'Europe/Madrid')!
}
