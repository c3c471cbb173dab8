import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { Role } from '#shared/enums'
import {
  authenticateRequest,
  deleteRequest,
  disableNotificationsRequest,
  recoverRequest,
  registerRequest,
  updateRequest,
} from '#shared/contract/users.requests'
import { isLocalEnv, type AppEnv } from '../../env'
import { anyone, currentUser, requireRole, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { listSchema, pagination } from '../../http/list'
import { bool01, int, v } from '../../http/validate'
import { createSession, endSession } from './session'
import { toAdminUserDto, toPsychologistDto, toSessionUserDto, toUserDto } from './users.dto'
import { listPsychologists, listUsers } from './users.repo'
import {
  authenticate,
  creditBalanceCents,
  deleteAccount,
  disableNotifications,
  exportUserData,
  findUserById,
  permissionsOf,
  recoverPassword,
  register,
  updateProfile,
  type Deps,
} from './users.service'

/** Where links in mail point: the configured APP_URL; locally the origin the app runs on. */
export function linkBase(c: Context<AppEnv>) {
  return isLocalEnv(c.env) ? new URL(c.req.url).origin : c.env.APP_URL.replace(/\/$/, '')
}

/** The request as the service sees it (CONVENTIONS 6: no HTTP in the service). */
export function deps(c: Context<AppEnv>, locale = c.var.locale): Deps {
  return {
    env: c.env,
    db: c.var.db,
    locale,
    ip: c.req.header('cf-connecting-ip') ?? null,
    linkBase: linkBase(c),
    waitUntil: (p) => {
      try {
        c.executionCtx.waitUntil(p)
      } catch {
        // no execution context (direct calls in tests): let it run on its own
      }
    },
  }
}

/** Fields of the notification settings form: saving only these says 'Settings updated.' */
const SETTINGS_FIELDS = new Set(['is_a_email_reader', 'perfect_time_to_send_notifications', 'timezone', 'captcha_token', 'cf-turnstile-response'])

const usersQuery = listSchema({
  filters: {
    search: z.string().trim().max(200).optional(),
    role: int().optional(),
    subscriber: bool01.optional(),
  },
  orderBy: ['created_at', 'id', 'name', 'email'],
  defaultOrder: 'created_at desc',
})

const psychologistsQuery = listSchema({
  filters: {
    search: z.string().trim().max(200).optional(),
    open: bool01.optional(),
  },
  orderBy: ['name', 'id'],
  defaultOrder: 'name asc',
})

/**
 * SPEC §7 "Users" (docs/API.md "Users"). Each call names who may call it: `anyone`,
 * `requireUser` or `requireRole(...)` (http/auth.ts). Captcha (non-GET /v1/user and recovery)
 * and CSRF are checked before these handlers by app-level middleware (app.ts).
 */
export const usersRoutes = new Hono<AppEnv>()
  .post('/user', anyone, v('form', registerRequest), async (c) => {
    const input = c.req.valid('form')
    const user = await register(deps(c), input)
    const session = await createSession(c, user, { remember: input.remember })
    return ok(c, { user: toSessionUserDto(user, 0, session) }, { status: 201, message: 'accounts.messages.welcome' })
  })

  .post('/user/authenticate', anyone, v('form', authenticateRequest), async (c) => {
    const input = c.req.valid('form')
    const { user, recovery } = await authenticate(deps(c), input)
    // Signing in while signed in (another account, a link): the old session ends first.
    if (c.var.user) await endSession(c, { replaced: true })
    const session = await createSession(c, user, { remember: input.remember, recovery })
    return ok(c, { user: toSessionUserDto(user, await creditBalanceCents(c.var.db, user.id), session) })
  })

  .post('/user/logout', requireUser, async (c) => {
    await endSession(c)
    return ok(c, {}, { message: 'accounts.messages.logged_out' })
  })

  .get('/user', requireUser, async (c) => {
    const me = currentUser(c)
    const user = await findUserById(c.var.db, me.id)
    if (!user) return ok(c, {}) // unreachable: the session resolved this user a moment ago
    return ok(c, { user: toUserDto(user, await creditBalanceCents(c.var.db, me.id)) })
  })

  .post('/user/update', requireUser, v('form', updateRequest), async (c) => {
    const me = currentUser(c)
    const out = await updateProfile(deps(c), me, c.req.valid('form'))
    const credits = await creditBalanceCents(c.var.db, me.id)
    if (out.passwordChanged) {
      // Every session of the user ended with the old password; the caller gets a new one,
      // with the same page CSRF token so the open page keeps working.
      await endSession(c, { replaced: true })
      const session = await createSession(c, out.user, { remember: me.session?.remember, csrf: me.session?.csrf })
      return ok(c, { user: toSessionUserDto(out.user, credits, session) }, { message: 'accounts.messages.password_updated' })
    }
    const settingsOnly = Object.keys(c.req.valid('form')).every((k) => SETTINGS_FIELDS.has(k))
    return ok(c, { user: toUserDto(out.user, credits) }, { message: settingsOnly ? 'accounts.messages.settings_updated' : 'accounts.messages.updated' })
  })

  .delete('/user', requireUser, v('form', deleteRequest), async (c) => {
    const me = currentUser(c)
    const id = await deleteAccount(deps(c), me, c.req.valid('form').id)
    if (id === me.id) {
      await endSession(c)
      return ok(c, {}, { message: 'accounts.messages.deleted' })
    }
    return ok(c, {}, { message: 'accounts.messages.user_deleted' })
  })

  .post('/user/recover/password', anyone, v('form', recoverRequest), async (c) => {
    await recoverPassword(deps(c), c.req.valid('form').email)
    return ok(c, {}, { message: 'accounts.messages.recover_sent' })
  })

  // Anyone: the signed link of a notification mail works signed out (checked in the service).
  .delete('/user/notifications/delete', anyone, v('form', disableNotificationsRequest), async (c) => {
    await disableNotifications(deps(c), c.var.user, c.req.valid('form'))
    return ok(c, {}, { message: 'accounts.messages.notifications_disabled' })
  })

  .get('/user/permissions', requireUser, async (c) => {
    return ok(c, { permissions: await permissionsOf(deps(c), currentUser(c)) })
  })

  .get('/user/export', requireUser, async (c) => {
    const data = await exportUserData(deps(c), currentUser(c))
    c.header('content-disposition', 'attachment; filename="calma-my-data.json"')
    return ok(c, { export: data })
  })

  .get('/users', requireRole(Role.admin), v('query', usersQuery), async (c) => {
    const q = c.req.valid('query')
    const { rows, total } = await listUsers(c.var.db, {
      page: q.page,
      perPage: q.per_page,
      search: q.filters.search,
      role: q.filters.role,
      subscriber: q.filters.subscriber,
      order: q.order_by,
    })
    return ok(c, { users: rows.map(toAdminUserDto), pagination: pagination(q.page, q.per_page, total, rows.length) })
  })

  .get('/users/psychologists', anyone, v('query', psychologistsQuery), async (c) => {
    const q = c.req.valid('query')
    const { rows, total } = await listPsychologists(c.var.db, {
      page: q.page,
      perPage: q.per_page,
      search: q.filters.search,
      open: q.filters.open,
      order: q.order_by,
    })
    return ok(c, { psychologists: rows.map(toPsychologistDto), pagination: pagination(q.page, q.per_page, total, rows.length) })
  })

