// People who leave (issue 41 §1, docs/decisions/058): a psychologist erased (by themselves or an
// admin) or whose role is removed, and a patient erased. Each of their live sessions still to come
// is cancelled before the account goes or the role changes, so no session cascades away with the
// guest's credits in it, and the other side is told once, in their language.
import * as leavingRepo from './leaving.repo'
import { AppointmentStatus } from '#shared/enums'
import type { Ctx } from '#worker/context'
import type { Appointment } from '#worker/db/schema'
import * as repo from './appointments.repo'
import { notifyAppointment } from './appointments.notify'
import { hostsNow, LIVE, refundFor } from './appointments.service'

/** Whether a role change from `before` to `after` ends hosting (psychologist or admin → anything else). */
export const stopsHosting = (before: number, after: number) => hostsNow(before) && !hostsNow(after)

/**
 * Cancels `a` (live) on behalf of the side that leaves, with `by`'s refund rule (refundFor): the
 * cancellation and its refund in one conditional batch, so a second call, or a guest's cancel at
 * the same moment, changes nothing and pays nothing twice. Answers the row when this call cancelled it.
 */
async function cancelFor(ctx: Ctx, a: Appointment, by: 'host' | 'guest', now: number) {
  const refund = refundFor(a, by, now)
  const changed = await repo.transition(
    ctx.db,
    a.id,
    LIVE,
    {
      status: AppointmentStatus.cancelled,
      cancellationReason: null,
      cancellationReasonText: null,
      cancelledAt: new Date(now),
      // The person who made it happen: the one leaving, or the admin who erased or demoted them.
      cancelledBy: ctx.user?.id ?? null,
      updatedAt: new Date(now),
    },
    { userId: a.guestId, cents: refund, now },
  )
  return changed ? ((await repo.findAppointment(ctx.db, a.id)) ?? null) : null
}

/**
 * A host leaves (erasure, or the psychologist role removed): every live session they host that is
 * still to come is cancelled with all its credits back to the guest (the host cannot hold it: the
 * rule of a host's cancellation), and the guest gets the kind 'host_left' mail. Sessions that have
 * started stay for the closing job (closing.service.ts). Answers how many were cancelled.
 */
export async function cancelHostedBy(ctx: Ctx, hostId: number, now = Date.now()) {
  return cancelEachHosted(ctx, hostId, now)
}

/**
 * A host erased: their agenda is closed first, so a booking racing the erasure is either written
 * before the pass below (and cancelled by it, the guest refunded and told) or refused at its
 * write (insertBooking reads the agenda there); none is left live once the row is gone.
 */
export async function closeAndCancelHostedBy(ctx: Ctx, hostId: number, now = Date.now()) {
  await leavingRepo.closeAgenda(ctx.db, hostId)
  return cancelEachHosted(ctx, hostId, now)
}

async function cancelEachHosted(ctx: Ctx, hostId: number, now: number) {
  let cancelled = 0
  for (const a of await leavingRepo.liveAfter(ctx.db, 'host', hostId, now)) {
    const after = await cancelFor(ctx, a, 'host', now)
    if (!after) continue
    cancelled++
    await notifyAppointment(ctx, after, 'host_left', 'guest')
  }
  return cancelled
}

/**
 * A patient is erased: their live sessions still to come are cancelled as their own cancellation
 * would be (credits back 24 hours or more before the start, by refundFor; the balance then goes
 * with the account: credits are not money), the host's slot frees, and the host gets the
 * 'guest_left' mail. Answers how many were cancelled.
 */
export async function cancelBookedBy(ctx: Ctx, guestId: number, now = Date.now()) {
  let cancelled = 0
  for (const a of await leavingRepo.liveAfter(ctx.db, 'guest', guestId, now)) {
    const after = await cancelFor(ctx, a, 'guest', now)
    if (!after) continue
    cancelled++
    await notifyAppointment(ctx, after, 'guest_left', 'host')
  }
  return cancelled
}
