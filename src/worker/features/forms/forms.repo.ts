// Every statement of the public forms (CONVENTIONS 3): the four requests, the waiting route
// suggestions, and the in-app notice of a published route.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Language } from '#shared/enums'
import type { Db } from '#worker/db/client'
import { batch, rowsIn } from '#worker/db/query'
import {
  callbackRequests,
  contactRequests,
  feedback,
  inAppNotifications,
  suggestions,
  units,
  users,
} from '#worker/db/schema'
import { ContentStatus } from '#shared/enums'

type NewContact = typeof contactRequests.$inferInsert
type NewFeedback = typeof feedback.$inferInsert
type NewCallback = typeof callbackRequests.$inferInsert
type NewSuggestion = typeof suggestions.$inferInsert
type NewNotice = typeof inAppNotifications.$inferInsert

/** D1 binds at most 100 parameters a statement: lists of ids go in slices. */
const idRow = z.object({ id: z.number() })

const slices = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size))

export const insertContact = async (db: Db, v: NewContact) =>
  (await db.insert(contactRequests).values(v).returning({ id: contactRequests.id }).get()).id
export const insertFeedback = async (db: Db, v: NewFeedback) =>
  (await db.insert(feedback).values(v).returning({ id: feedback.id }).get()).id
export const insertCallback = async (db: Db, v: NewCallback) =>
  (await db.insert(callbackRequests).values(v).returning({ id: callbackRequests.id }).get()).id
export const insertSuggestion = async (db: Db, v: NewSuggestion) =>
  (await db.insert(suggestions).values(v).returning({ id: suggestions.id }).get()).id

/** Suggestions of one language still waiting to be told about a published route, oldest first. */
/** Whether a route has a unit people can see (a route without one is not yet worth telling about). */
export const hasVisibleUnit = async (db: Db, routeId: number) =>
  !!(await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.routeId, routeId), eq(units.status, ContentStatus.visible)))
    .limit(1)
    .get())

export const waitingSuggestions = (db: Db, language: Language) =>
  db
    .select({ id: suggestions.id, keyword: suggestions.searchKeyword, text: suggestions.text })
    .from(suggestions)
    .where(
      and(
        eq(suggestions.notify, true),
        isNull(suggestions.notifiedAt),
        isNotNull(suggestions.email),
        eq(suggestions.locale, language),
      ),
    )
    .orderBy(asc(suggestions.id))
    .all()

/**
 * Which of `candidates` (a suggestion id and its FTS5 query, made by worker/search/search.ts) route
 * `routeId` matches in the route search index: one statement each, in batches of 50.
 */
export async function suggestionsMatchingRoute(
  db: Db,
  routeId: number,
  candidates: { id: number; match: string }[],
): Promise<number[]> {
  const found: number[] = []
  for (let i = 0; i < candidates.length; i += 50) {
    const chunk = candidates.slice(i, i + 50)
    // FTS5 MATCH: drizzle's `sql` on `db` (docs/decisions/032).
    const results = await batch(
      db,
      chunk.map(
        (c) =>
          sql`SELECT ${c.id} AS id WHERE EXISTS (SELECT 1 FROM routes_fts WHERE routes_fts MATCH ${c.match} AND rowid = ${routeId})`,
      ),
    )
    for (const r of results) for (const row of rowsIn(r, idRow)) found.push(row.id)
  }
  return found
}

/**
 * Mark suggestions told about `routeId`, once: only rows still waiting are updated and
 * returned, so two saves of routes at the same moment never tell a person twice.
 */
export async function claimSuggestions(db: Db, ids: number[], routeId: number, now: Date) {
  const claimed = []
  for (const part of slices(ids, 90)) {
    claimed.push(
      ...(await db
        .update(suggestions)
        .set({ notifiedAt: now, notifiedRouteId: routeId })
        .where(and(inArray(suggestions.id, part), isNull(suggestions.notifiedAt)))
        .returning()
        .all()),
    )
  }
  return claimed
}

/** The ids of the accounts with these emails (for an in-app notice to a visitor who has one). */
export async function userIdsByEmail(db: Db, emails: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  for (const part of slices([...new Set(emails)], 90)) {
    const rows = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, part))
      .all()
    for (const r of rows) found.set(r.email!, r.id)
  }
  return found
}

export async function insertNotices(db: Db, rows: NewNotice[]) {
  for (const part of slices(rows, 10)) await db.insert(inAppNotifications).values(part).run()
}
