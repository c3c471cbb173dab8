// Moving a session (issue 41 §4): the one conditional write and, when it moves nothing, why.
// Apart from appointments.repo.ts (booking, cancelling, reading), beside appointments.move.ts.
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, rowsIn, type RunResult, type Statement } from '#worker/db/query'
import { mapRow, rowOf } from '#worker/db/rows'
import { appointments, type Appointment } from '#worker/db/schema'
import { LIVE_STATUSES, overlapping } from './appointments.repo'

/**
 * A live appointment moved from `from` to `to`, in one conditional statement (one D1
 * transaction): the row changes only if it is still live, still at `from`, `from` is not
 * before `notBefore` (the move policy), it was moved fewer than `maxMoves` times, and no other
 * live session of the host overlaps [to, end) (issue 41 §4; the old interval of this very session
 * does not count: a session may move half an hour later). The session holds its old interval
 * until this statement and its new one from it, never neither nor both; of any number of
 * concurrent moves of one session only the first still finds it at `from`, and of two moves of
 * two sessions into overlapping times only the first finds the time free. The ledger is not
 * touched: the debit is keyed by the appointment's id, so the credits stay with the session. The
 * reminders go again for the new time. Answers the moved row, or undefined when nothing matched
 * (`why` says which condition failed, read in the same batch), and the results of `mails`.
 */
export async function moveBooking(
  db: Db,
  m: {
    id: number
    hostId: number
    from: number
    to: number
    end: number
    notBefore: number
    maxMoves: number
    at: number
  },
  /** The mails of the move (decision 084), right after it in its batch, each under CHANGED_JUST_BEFORE. */
  mails: Statement[] = [],
): Promise<{ moved: Appointment | undefined; mails: RunResult[]; why: 'slot_taken' | 'move_limit' | 'changed' }> {
  const [before, moved, ...mailed] = await batch(db, [
    // Why it may not move, as the same transaction finds it just before the write (decision 087:
    // it was a read of its own after a refused move).
    whyNot(m),
    db
      .update(appointments)
      .set({
        startAt: new Date(m.to),
        endAt: new Date(m.end),
        moves: sql`${appointments.moves} + 1`,
        reminderSentAt: null,
        reminderHourSentAt: null,
        updatedAt: new Date(m.at),
      })
      .where(
        and(
          eq(appointments.id, m.id),
          inArray(appointments.status, LIVE_STATUSES),
          eq(appointments.startAt, new Date(m.from)),
          gte(appointments.startAt, new Date(m.notBefore)),
          lt(appointments.moves, m.maxMoves),
          sql`NOT EXISTS (${overlapping(m.hostId, m.to, m.end, m.id)})`,
        ),
      )
      .returning(),
    ...mails,
  ])
  const raw = rowsIn(moved, rowOf(appointments))[0]
  return { moved: raw ? mapRow(appointments, raw) : undefined, mails: mailed, why: whyOf(rowsIn(before, whyRow)[0], m) }
}

const whyRow = z.object({ taken: z.number(), moves: z.number().nullable() })

const whyNot = (m: { id: number; hostId: number; from: number; to: number; end: number }) =>
  sql`SELECT EXISTS (${overlapping(m.hostId, m.to, m.end, m.id)}) AS taken,
        (SELECT moves FROM appointments WHERE id = ${m.id} AND start_at = ${m.from} AND status IN (1, 2)) AS moves`

/**
 * Why moveBooking moves nothing, from whyNot read in its batch just before the write: another
 * live session of the host overlaps the new time ('slot_taken'), the session was moved `maxMoves`
 * times ('move_limit'), or it changed since it was read ('changed': moved, cancelled, closed).
 */
function whyOf(
  row: z.infer<typeof whyRow> | undefined,
  m: { maxMoves: number },
): 'slot_taken' | 'move_limit' | 'changed' {
  if (row?.moves === null || row?.moves === undefined) return 'changed'
  if (row.moves >= m.maxMoves) return 'move_limit'
  return row.taken ? 'slot_taken' : 'changed'
}
