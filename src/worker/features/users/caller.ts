// The caller of a users service, shared by the services that act on the caller's own account.
import type { Ctx } from '#worker/context'
import type { SessionUser } from '#worker/env'
import { AppError } from '#worker/http/errors'

/** The caller of a service that needs one (the route's guard already refused visitors). */
export function signedIn(ctx: Ctx): SessionUser {
  if (!ctx.user) throw new AppError('unauthenticated')
  return ctx.user
}
