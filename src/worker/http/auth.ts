import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { Role } from '#shared/enums'
import type { AppEnv, SessionUser } from '#worker/env'
import { wholeBody } from './body'
import { AppError } from './errors'

// Who may call what (issue 3 §8, DESIGN §4): every handler names its rule with one of these
// middlewares, and these are the only place the rule is checked. Visitors get 401
// 'Unauthenticated.' (SPEC §8: the client then fires the session-lost event); a signed-in
// caller without the role gets 403 'Unauthorized'. When the session could not be read (KV or
// D1 failed, c.var.sessionUnavailable) the caller may well be signed in: 503, not a 401 that
// would end the session on the client.
//
// Authority (docs/decisions/038): the session's copy of the person comes from KV, which may be
// up to 60 s old at another location. A role check and the calls that move money or change the
// account use the caller as D1's primary has them now (`c.var.confirmUser`, once per request,
// after the request's body has arrived; a staff caller is confirmed before any handler runs,
// identity/), so a removed role or an ended session stops there at once.

/** Anyone, signed in or not. Written out on public calls so every route states its rule. */
export const anyone = createMiddleware<AppEnv>(async (_c, next) => next())

/** The refusal for a request without a user: unknown caller, or a session that could not be read. */
const noUser = (c: Context<AppEnv>) => new AppError(c.var.sessionUnavailable ? 'unavailable' : 'unauthenticated')

/** A signed-in user of any role. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw noUser(c)
  await next()
})

/**
 * The caller as D1 has them once the request's body has arrived; a session that no longer holds
 * there is unauthenticated. The body first (wholeBody): a check made when the request starts
 * and a write made when a slowly sent body ends would act on a role, a password or a recovery
 * leave that ended in between (docs/decisions/038 "Found from outside, and closed"). Staff were
 * confirmed so already (identity/caller.ts sessionCaller): no second read.
 */
async function confirmed(c: Context<AppEnv>): Promise<SessionUser> {
  if (!c.var.user) throw noUser(c)
  await wholeBody(c)
  const user = c.var.confirmUser ? await c.var.confirmUser() : c.var.user
  if (!user) throw new AppError('unauthenticated')
  return user
}

/**
 * A signed-in user whose role is one of `roles` (SPEC §6 numbers; compared with ===), as D1
 * has the role now. A role KV's copy does not show yet is refused without a read (it arrives
 * within KV's 60 s; a role granted late grants nothing early).
 */
export const requireRole = (...roles: Role[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user
    if (!user) throw noUser(c)
    if (!roles.includes(user.role as Role)) throw new AppError('unauthorized')
    if (!roles.includes((await confirmed(c)).role as Role)) throw new AppError('unauthorized')
    await next()
  })

/**
 * A signed-in user whose session D1 confirms after the body's last byte: the calls that move
 * money (booking, a payment link, stopping renewals, a refund request) or change the account
 * (profile and password, erasure, the export of all one's data). One read by primary key.
 */
export const requireAuthority = createMiddleware<AppEnv>(async (c, next) => {
  await confirmed(c)
  await next()
})

/**
 * requireAuthority for a service that confirms the caller itself, in the same D1 round as its
 * own first read and before any write (decision 084: booking and cancelling). The body first,
 * as requireAuthority; then the confirmation is started here (one read of the caller's row at
 * D1's primary, as requireAuthority's) and the service awaits it (identity/caller.ts
 * confirmedMe) before it decides or writes anything. Only for services that do.
 */
export const requireAuthorityAtWrite = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw noUser(c)
  await wholeBody(c)
  // Started now, awaited by the service; a request refused before it asks (a 422) answers as it
  // does (app.ts onError: 401 when it says the session has ended, found from outside, 089).
  c.set('confirmsInService', true)
  c.var.confirmUser?.().catch(() => undefined)
  await next()
})
