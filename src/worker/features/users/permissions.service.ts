// Who may do what: the caller's permissions (SPEC §6) and the admins' list of people. Both read
// the account as others see it (role, subscription, credits), not as its owner edits it.
import { Role } from '#shared/enums'
import type { UsersQuery } from '#shared/contract/users'
import { pagination } from '#shared/contract/list'
import type { Ctx } from '#worker/context'
import { balanceCents } from '#worker/ledger/ledger'
import { signedIn } from './caller'
import { toAdminUserDto } from './users.dto'
import * as repo from './users.repo'

/** GET /v1/user/permissions (SPEC §6: the subscription benefit can_schedule_appointments). */
export async function permissionsOf(ctx: Ctx) {
  const caller = signedIn(ctx)
  const credits = await balanceCents(ctx.db, caller.id)
  return {
    can_schedule_appointments: caller.subscriber || credits > 0,
    can_play_units: !caller.accessExpired,
    is_subscriber: caller.subscriber,
    is_admin: caller.role === Role.admin,
    is_psychologist: caller.role === Role.psychologist,
  }
}

/** GET /v1/users (admins): a page of users. */
export async function listUsers(ctx: Ctx, q: UsersQuery) {
  const { rows, total } = await repo.listUsers(ctx.db, q)
  return { users: rows.map(toAdminUserDto), pagination: pagination(q, total, rows.length) }
}
