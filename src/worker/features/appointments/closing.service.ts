// The closing job (issue 41 §1, docs/decisions/058): a session closes by itself a few hours after
// its end, so a later change (a role removed, an account erased) cannot reopen it and no cancel
// can refund it. SPEC §4: close leads to attended (8) or finished_by_overtime (16); the host closes
// with finished_by_overtime when it ran over, and the job closes what nobody closed as attended.
import * as leavingRepo from './leaving.repo'
import { AppointmentStatus } from '#shared/enums'
import type { Ctx } from '#worker/context'
import { awardRewards } from '#worker/features/engagement/engagement.service'
import * as repo from './appointments.repo'
import { notifyAppointment } from './appointments.notify'
import { LIVE } from './appointments.service'

/** How long after its end a session stays open for the host to close it or report otherwise. */
export const CLOSE_AFTER_MS = 6 * 3_600_000
/** Sessions one run closes at most (the minute cron): a backlog drains over the next minutes. */
export const CLOSE_PER_RUN = 100

/**
 * Every minute: live sessions that ended CLOSE_AFTER_MS ago or more. One the psychologist accepted
 * (confirmed, or pending with the host's confirmation) took place: attended, and the guest's
 * first-session reward as the host's close gives it. One the psychologist never accepted (pending
 * without the host's confirmation) was never held: cancelled with all its credits back, as a
 * host's cancellation, and the guest is told ('not_held'). Each change is conditional on the
 * session still being live, so a run repeated or overlapping changes nothing twice.
 */
export async function closePastSessions(ctx: Ctx, now = Date.now()) {
  const out = { attended: 0, not_held: 0 }
  for (const a of await leavingRepo.liveEndedBy(ctx.db, now - CLOSE_AFTER_MS, CLOSE_PER_RUN)) {
    const at = new Date(now)
    if (a.status === AppointmentStatus.confirmed || a.confirmedByHostAt) {
      const closed = await repo.transition(ctx.db, a.id, LIVE, {
        status: AppointmentStatus.attended,
        closedAt: at,
        updatedAt: at,
      })
      if (!closed) continue
      out.attended++
      await awardRewards(ctx, a.guestId, null, now).catch((err) =>
        console.warn(`rewards of user ${a.guestId} not awarded: ${String(err)}`),
      )
      continue
    }
    const cancelled = await repo.transition(
      ctx.db,
      a.id,
      LIVE,
      {
        status: AppointmentStatus.cancelled,
        cancellationReason: null,
        cancellationReasonText: null,
        cancelledAt: at,
        cancelledBy: null,
        updatedAt: at,
      },
      { userId: a.guestId, cents: a.priceCents, now },
    )
    if (!cancelled) continue
    out.not_held++
    const after = await repo.findAppointment(ctx.db, a.id)
    if (after) await notifyAppointment(ctx, after, 'not_held', 'guest')
  }
  return out
}
