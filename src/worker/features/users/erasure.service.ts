// Erasure and export (issue 3 §9): the two rights a person has over all their data at once.
// Erasure reaches past users (plans cancelled at Stripe, sessions, sockets, the avatar in R2), so
// it lives apart from the profile's everyday changes.
import { Role } from '#shared/enums'
import type { Ctx } from '#worker/context'
import type { MessageKey } from '#shared/i18n/index'
import { devicesOf } from '#worker/push/subscriptions.repo'
import { AppError } from '#worker/http/errors'
import { markViewersErased } from '#worker/http/viewer'
import { cancelPlansOnErase } from '#worker/features/payments/payments.service'
import { cancelBookedBy, closeAndCancelHostedBy } from '#worker/features/appointments/leaving.service'
import { refundsOnErase } from '#worker/features/payments/refunds.service'
import { tryActionsNow } from '#worker/features/payments/stripe.actions'
import { endRealtime } from '#worker/realtime/channels'
import type { CallerSession } from './accounts.service'
import { signedIn } from './caller'
import { confirmedBeside } from '#worker/identity/caller'
import { refreshSessions } from '#worker/identity/sessions'
import { collectUserData, eraseUser, findUserById, otherAdmins } from './users.repo'

/** DELETE /v1/user: yourself, or (admins) anyone else by id. Returns the erased user's id. */
export async function deleteAccount(ctx: Ctx, targetId: number | undefined): Promise<number> {
  const caller = signedIn(ctx)
  const id = targetId ?? caller.id
  if (id !== caller.id && caller.role !== Role.admin) throw new AppError('unauthorized')
  const user = await findUserById(ctx.db, id)
  if (!user) throw new AppError('not_found', { message: 'errors.user_not_found' })
  // The last administrator stays until someone else is one (docs/LIFECYCLE.md): the app would
  // have nobody to run it. Read before anything is undone; see LIFECYCLE for the race left.
  if (Number(user.role) === Role.admin && !(await otherAdmins(ctx.db, user.id)))
    throw new AppError('conflict', { message: 'admin.messages.last_admin' })
  // Their sessions to come first (docs/decisions/058), so none cascades away with credits in it:
  // those they host are cancelled with the guests' credits back and the guests told; those they
  // booked free the host's time and the host is told. Sessions that started stay: an erased host's
  // keep the guest's history (host_id set null) and are closed by the closing job. Their agenda is
  // closed before the pass, so no booking lands after it (found from outside, issue 41 §5).
  await closeAndCancelHostedBy(ctx, user.id)
  await cancelBookedBy(ctx, user.id)
  // Then a refund asked for and not yet answered is granted (payments: refundsOnErase), after the
  // cancellations gave the booked sessions' credits back to their payments (decision 059).
  const refunds = await refundsOnErase(ctx, user.id)
  const plans = await cancelPlansOnErase(ctx.db, user.id)
  plans.keys.push(...refunds)
  try {
    await eraseUser(ctx.db, user, plans.stmts)
  } catch (err) {
    console.error('erase user failed', err)
    throw new AppError('internal', { message: 'errors.delete_account_failed' })
  }
  // The devices that held the person's sessions will hear they are gone (http/viewer.ts), then
  // every session of the person ends now (their row is gone: session.ts refreshSessions).
  await markViewersErased(ctx.env, id)
  await Promise.all([endRealtime(ctx.env, id, { keepPassword: null }), refreshSessions(ctx.env, id)])
  if (user.avatar) ctx.waitUntil(ctx.env.MEDIA.delete(user.avatar).catch(() => undefined))
  if (plans.keys.length) ctx.waitUntil(tryActionsNow(ctx, plans.keys))
  return id
}

const snake = (k: string) => k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)
function snakeKeys(row: unknown): unknown {
  if (Array.isArray(row)) return row.map(snakeKeys)
  if (row instanceof Date) return row.toISOString()
  if (!row || typeof row !== 'object') return row
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), v instanceof Date ? v.toISOString() : v]))
}

/** GET /v1/user/export: all of the caller's own data (issue 3 §9). No hash (nor its fingerprint), no device token. */
export async function exportUserData(ctx: Ctx) {
  const id = signedIn(ctx).id
  // One D1 round (issue 43 §3: it was 4): the caller confirmed at the primary (their row is the
  // export's profile) beside the reads of everything else; nothing is answered before both are
  // in, and an ended session is refused first (routes: requireAuthorityAtWrite).
  const [caller, [data, devices]] = await confirmedBeside(
    ctx,
    Promise.all([collectUserData(ctx.db, id), devicesOf(ctx.db, id)]),
  )
  const user = caller.row
  const { passwordHash: _h, passwordFp: _f, notificationPushToken: _p, ...profile } = user
  return {
    exported_at: new Date().toISOString(),
    user: snakeKeys(profile),
    has_password: !!user.passwordHash,
    ...Object.fromEntries(Object.entries(data).map(([k, rows]) => [k, snakeKeys(rows)])),
    // Reminders on this device (issue 34 §1): each device, never its keys.
    push_devices: devices,
  }
}

/** DELETE /v1/user: erasing one's own account ends the session; an admin erasing another's does not. */
export async function closeAccount(
  ctx: Ctx,
  targetId: number | undefined,
  session: CallerSession,
): Promise<MessageKey> {
  const id = await deleteAccount(ctx, targetId)
  if (id !== signedIn(ctx).id) return 'accounts.messages.user_deleted'
  await session.end()
  return 'accounts.messages.deleted'
}
