import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { Role } from '#shared/enums'
import type { AppEnv, SessionUser } from '../env'
import { AppError } from './errors'

// Who may call what (issue 3 §8, DESIGN §4): every handler names its rule with one of these
// middlewares, and these are the only place the rule is checked. Visitors get 401
// 'Unauthenticated.' (SPEC §8: the client then fires the session-lost event); a signed-in
// caller without the role gets 403 'Unauthorized'.

/** Anyone, signed in or not. Written out on public calls so every route states its rule. */
export const anyone = createMiddleware<AppEnv>(async (_c, next) => next())

/** A signed-in user of any role. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new AppError('unauthenticated')
  await next()
})

/** A signed-in user whose role is one of `roles` (SPEC §6 numbers; compared with ===). */
export const requireRole = (...roles: Role[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user
    if (!user) throw new AppError('unauthenticated')
    if (!roles.includes(user.role as Role)) throw new AppError('unauthorized')
    await next()
  })

export const isAdmin = (user: { role: number } | null | undefined) => user?.role === Role.admin

/** The caller, for handlers behind requireUser/requireRole. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.var.user
  if (!user) throw new AppError('unauthenticated')
  return user
}
