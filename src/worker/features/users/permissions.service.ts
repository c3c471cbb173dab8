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

/**
 * Whether the admin that made a refused write is still one, as D1 has it now (their role and
 * password unchanged), and whether anyone but `id` is an administrator: admin.service tells a
 * caller who lost the role (403) from a write that would leave nobody to run the app (409).
 */
export async function adminStanding(ctx: Ctx, admin: { id: number; passwordHash: string | null }, id: number) {
  const row = await repo.findUserById(ctx.db, admin.id)
  const stillAdmin = !!row && row.role === Role.admin && row.passwordHash === admin.passwordHash
  return { stillAdmin, othersAdmin: stillAdmin && (await repo.otherAdmins(ctx.db, id)) }
}
