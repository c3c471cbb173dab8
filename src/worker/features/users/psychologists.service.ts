// The psychologist listing (SPEC §7 "Users"): public, read by the booking screens and the site's
// pages, so it stays apart from the accounts it is drawn from and shows no contact details.
import type { PsychologistsQuery } from '#shared/contract/users'
import { pagination } from '#shared/contract/list'
import type { Ctx } from '#worker/context'
import { toPsychologistDto } from './users.dto'
import * as repo from './users.repo'

/** GET /v1/users/psychologists: anyone may see who offers appointments (no email, no phone). */
export async function listPsychologists(ctx: Ctx, q: PsychologistsQuery) {
  const { rows, total } = await repo.listPsychologists(ctx.db, q)
  return { psychologists: rows.map(toPsychologistDto), pagination: pagination(q, total, rows.length) }
}
