// What the payments services share: the contract's money is in dollars (cents stay inside), and
// every caller-facing call acts for a signed-in person (its route's guard refused visitors).
import type { Ctx } from '#worker/context'
import { AppError } from '#worker/http/errors'

export const dollars = (cents: number) => Math.round(cents) / 100

export function me(ctx: Ctx) {
  if (!ctx.user) throw new AppError('unauthenticated')
  return ctx.user
}
