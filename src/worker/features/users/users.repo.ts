// Every query of the users feature (CONVENTIONS 3: SQL lives only in *.repo.ts).
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { Role } from '#shared/enums'
import type { ListQuery } from '#shared/contract/list'
import type { PsychologistsQuery, UsersQuery } from '#shared/contract/users'
import type { Db } from '#worker/db/client'
import { tablePage } from '#worker/db/page'
import { batch, type Statement } from '#worker/db/query'
import {
  activityDays,
  activityMonths,
  appointments,
  callbackRequests,
  checkins,
  consentRecords,
  contactRequests,
  creditLedger,
  emailOutbox,
  feedback,
  inAppNotifications,
  likes,
  notificationDeliveries,
  planAssignments,
  psychologistAvailability,
  rankingSnapshots,
  userEngagement,
  rateWindows,
  refundRequests,
  subscriptions,
  suggestions,
  trackingEvents,
  trackingSessions,
  transactions,
  unitProgress,
  userRewards,
  users,
  type NewUser,
  type User,
} from '#worker/db/schema'

export const findUserById = (db: Db, id: number) => db.select().from(users).where(eq(users.id, id)).get()

/** Whether anyone but `id` is an administrator (the last one keeps the role: admin.service, erasure). */
export const otherAdmins = async (db: Db, id: number) =>
  !!(await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, Role.admin), sql`${users.id} != ${id}`))
    .get())

/**
 * The row behind a session: read when the row changes, to rewrite the snapshot every session
 * of the person carries (session.ts refreshSessions), never on a request's session check.
 */
export const findUserByEmail = (db: Db, email: string) => db.select().from(users).where(eq(users.email, email)).get()

export const findUserByProvider = (db: Db, provider: 'google' | 'apple', subject: string) =>
  db
    .select()
    .from(users)
    .where(eq(provider === 'google' ? users.googleId : users.appleId, subject))
    .get()

export interface ConsentInput {
  kind: 'registration' | 'landing_kit'
  text: string
  version: string
}

/**
 * A new user and their consent records in one batch (DESIGN §5: writes that belong together).
 * Answers null when the email (or provider subject) is already taken, including by a
 * concurrent registration that won the race.
 */
export async function insertUserWithConsent(
  db: Db,
  values: NewUser,
  consent: ConsentInput,
  now: Date,
): Promise<User | null> {
  const key = values.email
    ? eq(users.email, values.email)
    : values.googleId
      ? eq(users.googleId, values.googleId)
      : eq(users.appleId, values.appleId!)
  const idOf = sql`(SELECT id FROM users WHERE ${key})`
  try {
    const [inserted] = await db.batch([
      db.insert(users).values(values).returning(),
      db
        .insert(consentRecords)
        .values({ userId: idOf, kind: consent.kind, text: consent.text, version: consent.version, createdAt: now }),
      db
        .insert(consentRecords)
        .values({ userId: idOf, kind: 'legal_age', text: consent.text, version: consent.version, createdAt: now }),
    ])
    return inserted[0] ?? null
  } catch (err) {
    if (
      /UNIQUE constraint failed/i.test(
        String((err as Error)?.message ?? err) + String((err as { cause?: Error })?.cause?.message ?? ''),
      )
    )
      return null
    throw err
  }
}

/**
 * Write `patch` to a users row; undefined when the row is gone. With `whilePassword`, only while
 * the row still has that password hash (the one the caller's session was opened with): the
 * check and the write are one statement, so a password change or an erasure that commits in
 * between leaves the row alone (docs/decisions/038 "Found from outside, and closed").
 */
export async function updateUser(
  db: Db,
  id: number,
  patch: Partial<NewUser>,
  whilePassword?: { hash: string | null },
): Promise<User | undefined> {
  if (!Object.keys(patch).length) return findUserById(db, id)
  const same = !whilePassword
    ? undefined
    : whilePassword.hash === null
      ? isNull(users.passwordHash)
      : eq(users.passwordHash, whilePassword.hash)
  return db
    .update(users)
    .set(patch)
    .where(and(eq(users.id, id), same))
    .returning()
    .get()
}

/**
 * Erase a user (issue 3 §9): their forms, mail, consents and cooldowns are deleted; the users
 * row goes, and with it (ON DELETE CASCADE) progress, likes, plans, rewards, notifications,
 * appointments and subscriptions. Ledger, transactions and tracking rows stay with user_id
 * NULL (ON DELETE SET NULL): anonymised, as accounting needs. One batch: all or nothing.
 */
export async function eraseUser(db: Db, user: Pick<User, 'id' | 'email'>, before: Statement[] = []) {
  const mine = <T extends SQLiteTable & { userId: SQLiteColumn; email: SQLiteColumn }>(t: T) =>
    user.email ? or(eq(t.userId, user.id), eq(t.email, user.email)) : eq(t.userId, user.id)
  const stmts = [
    db.delete(contactRequests).where(mine(contactRequests)),
    db.delete(feedback).where(mine(feedback)),
    db.delete(callbackRequests).where(mine(callbackRequests)),
    db.delete(suggestions).where(mine(suggestions)),
    db.delete(consentRecords).where(eq(consentRecords.userId, user.id)),
    // The refund requests an admin answered keep the answer with no one attached. The schema says
    // ON DELETE SET NULL, but migration 0008 added the column with a bare REFERENCES (SQLite cannot
    // change a column's foreign key in place), so the erasure of such an admin failed (found from
    // outside and by the money simulator, issue 41 §5): it is set null here, in the same batch.
    db.update(refundRequests).set({ resolvedBy: null }).where(eq(refundRequests.resolvedBy, user.id)),
    db.delete(users).where(eq(users.id, user.id)),
  ] as const
  const extra = user.email
    ? [
        db.delete(emailOutbox).where(eq(emailOutbox.to, user.email)),
        db.delete(rateWindows).where(eq(rateWindows.key, `recover:${user.email}`)),
      ]
    : []
  // `before`: statements that must commit with the erasure (the plans' cancel actions, `sql`
  // templates, which drizzle's own db.batch cannot bind: db/query.ts `batch` takes both kinds).
  await batch(db, [...before, ...stmts, ...extra])
}

/** Everything kept about one user, table by table (issue 3 §9, GET /v1/user/export). */
export async function collectUserData(db: Db, userId: number): Promise<Record<string, unknown[]>> {
  const byUser = <T extends SQLiteTable & { userId: SQLiteColumn }>(t: T) =>
    db
      .select()
      .from(t as SQLiteTable)
      .where(eq(t.userId, userId))
      .all()
  const [
    consent,
    plans,
    progress,
    liked,
    notifications,
    deliveries,
    ledger,
    subs,
    tx,
    refunds,
    rewards,
    activity,
    activityMonths_,
    ranking,
    sessions,
    events,
    contact,
    fb,
    callbacks,
    sugg,
    appts,
    availability,
    engagement,
    checkinRows, // the daily check-in (issue 34 §4)
  ] = await Promise.all([
    byUser(consentRecords),
    byUser(planAssignments),
    byUser(unitProgress),
    byUser(likes),
    byUser(inAppNotifications),
    byUser(notificationDeliveries),
    byUser(creditLedger),
    byUser(subscriptions),
    byUser(transactions),
    byUser(refundRequests),
    byUser(userRewards),
    byUser(activityDays),
    byUser(activityMonths), // days older than 60 days, by month (migration 0014)
    byUser(rankingSnapshots),
    byUser(trackingSessions),
    byUser(trackingEvents),
    byUser(contactRequests),
    byUser(feedback),
    byUser(callbackRequests),
    byUser(suggestions),
    db
      .select()
      .from(appointments)
      .where(or(eq(appointments.guestId, userId), eq(appointments.hostId, userId)))
      .all(),
    db.select().from(psychologistAvailability).where(eq(psychologistAvailability.hostId, userId)).all(),
    byUser(userEngagement), // streak state and the ranking choice (issue 11)
    byUser(checkins), // the daily check-in (issue 34 §4); erasure: the users row's cascade
  ])
  return {
    consent_records: consent,
    plan_assignments: plans,
    unit_progress: progress,
    likes: liked,
    in_app_notifications: notifications,
    notification_deliveries: deliveries,
    credit_ledger: ledger,
    subscriptions: subs,
    transactions: tx,
    refund_requests: refunds,
    rewards: rewards,
    activity_days: activity,
    activity_months: activityMonths_,
    ranking: ranking,
    tracking_sessions: sessions,
    tracking_events: events,
    contact_requests: contact,
    feedback: fb,
    callback_requests: callbacks,
    suggestions: sugg,
    appointments: appts,
    psychologist_availability: availability,
    user_engagement: engagement,
    checkins: checkinRows, // issue 34 §4
  }
}

const USER_ORDER: Record<string, SQLiteColumn> = {
  id: users.id,
  created_at: users.createdAt,
  name: users.name,
  email: users.email,
}

const likeEscape = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`

export async function listUsers(db: Db, q: UsersQuery): Promise<{ rows: User[]; total: number }> {
  const f = q.filters
  const conds: (SQL | undefined)[] = []
  if (f.search) {
    const pattern = likeEscape(f.search)
    conds.push(or(sql`${users.name} LIKE ${pattern} ESCAPE '\\'`, sql`${users.email} LIKE ${pattern} ESCAPE '\\'`)!)
  }
  if (f.role !== undefined) conds.push(eq(users.role, f.role as Role))
  if (f.subscriber !== undefined) conds.push(eq(users.subscriber, f.subscriber))
  return pageOfUsers(db, and(...conds), USER_ORDER[q.order.column] ?? users.id, q)
}

export async function listPsychologists(db: Db, q: PsychologistsQuery): Promise<{ rows: User[]; total: number }> {
  const f = q.filters
  const conds: (SQL | undefined)[] = [eq(users.role, Role.psychologist)]
  if (f.open !== undefined) conds.push(eq(users.psychologistOpenToGetAppointment, f.open))
  if (f.search) conds.push(sql`${users.name} LIKE ${likeEscape(f.search)} ESCAPE '\\'`)
  // JSON lists: a psychologist whose specialities (or languages) hold the value asked.
  if (f.symptom)
    conds.push(
      sql`EXISTS (SELECT 1 FROM json_each(${users.specialistInSymptoms}) WHERE json_each.value = ${f.symptom})`,
    )
  if (f.language)
    conds.push(sql`EXISTS (SELECT 1 FROM json_each(${users.speaksIn}) WHERE json_each.value = ${f.language})`)
  return pageOfUsers(db, and(...conds), q.order.column === 'name' ? users.name : users.id, q)
}

/** One page of users matching `where`, and how many match in all. */
async function pageOfUsers(
  db: Db,
  where: SQL | undefined,
  col: SQLiteColumn,
  q: Pick<ListQuery, 'perPage' | 'offset' | 'order'>,
): Promise<{ rows: User[]; total: number }> {
  return tablePage(db, users, where, [q.order.dir === 'desc' ? desc(col) : asc(col), asc(users.id)], {
    limit: q.perPage,
    offset: q.offset,
  })
}
