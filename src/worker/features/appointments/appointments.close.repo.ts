// Closing a session that took place, in one D1 batch (decision 087; CONVENTIONS 3: SQL only here).
// Re-exported by appointments.repo.ts, where the other writes of an appointment are.
import { sql, type SQL } from 'drizzle-orm'
import { AppointmentStatus } from '#shared/enums'
import type { Db } from '#worker/db/client'
import { appointments } from '#worker/db/schema'
import { batch, CHANGED_JUST_BEFORE, rowsIn, type RunResult, type Statement } from '#worker/db/query'
import { mapRow } from '#worker/db/rows'
import { appointmentRow } from './appointments.read.repo'
import { z } from 'zod'

/**
 * A host's (or an admin's) close of a session that took place, in one D1 batch (decision 087):
 * `first` (the rewards' catalogue, when an isolate does not know it whole), the row as the batch
 * finds it (to say why it was refused: found, whose, in which state), the change, only if the
 * session is still confirmed, has started by `at` and `who` may close it (SQL of the caller as D1's
 * primary has them), RETURNING the new row, then `followers(gate)`, each written only by the
 * batch that closed it (`gate`: CHANGED_JUST_BEFORE, the guest's reward and its notices). Of any
 * number of closes at once, one closes and the rest find it closed. `guest`: the session's guest as
 * SQL, for followers that the batch writes before anyone read the row. `caller`: the caller's own
 * condition (a part of `who` too), answered as `held`, so a refusal says whether it was the caller's.
 */
export async function closeSession(
  db: Db,
  id: number,
  who: SQL,
  status: number,
  at: number,
  first: Statement[],
  followers: (gate: SQL, guest: SQL) => Statement[],
  /** SQL of the caller (decision 089 sessionHolds), also answered apart: was it true at the close? */
  caller: SQL = sql`1`,
) {
  const after = followers(CHANGED_JUST_BEFORE, sql`(SELECT guest_id FROM appointments WHERE id = ${id})`)
  const res = await batch(db, [
    ...first,
    sql`SELECT ${caller} AS held`,
    sql`SELECT * FROM appointments WHERE id = ${id}`,
    sql`UPDATE appointments SET status = ${status}, closed_at = ${at}, updated_at = ${at}
        WHERE id = ${id} AND status = ${AppointmentStatus.confirmed} AND start_at <= ${at} AND ${who} RETURNING *`,
    ...after,
  ])
  const [held, found, closed, ...rest] = res.slice(first.length)
  const row = (r: RunResult | undefined) => {
    const raw = rowsIn(r, appointmentRow)[0]
    return raw ? mapRow(appointments, raw) : undefined
  }
  return { held: rowsIn(held, heldRow)[0]?.held === 1, found: row(found), closed: row(closed), followers: rest }
}

/** The answer of `SELECT <sessionHolds> AS held` in a batch (decision 089). */
export const heldRow = z.object({ held: z.number() })

/**
 * SQL, for closeSession and setMeeting: who may act on a session as its host, `as` what the caller's
 * role lets them (`a` unqualified: appointments' own columns): never its guest.
 */
export const closableBy = (caller: { id: number }, as: 'any' | 'host' | 'none'): SQL =>
  as === 'none'
    ? sql`0`
    : as === 'any'
      ? sql`guest_id <> ${caller.id}`
      : sql`host_id = ${caller.id} AND guest_id <> ${caller.id}`
