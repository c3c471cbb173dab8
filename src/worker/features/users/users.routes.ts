import { Hono } from 'hono'
import { Role } from '#shared/enums'
import * as calls from '#shared/contract/users'
import { register as registerCall, updateProfile as updateCall } from '#shared/contract/users.phone'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { anyone, currentUser, requireRole, requireUser } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import { captchaTokenOf } from '#worker/http/captcha'
import { balanceCents } from '#worker/ledger/ledger'
import { createSession, endSession } from './session'
import { toSessionUserDto, toUserDto } from './users.dto'
import * as users from './users.service'

/** Fields of the notification settings form: saving only these says 'Settings updated.' */
const SETTINGS_FIELDS = new Set([
  'is_a_email_reader',
  'perfect_time_to_send_notifications',
  'notification_channels',
  'timezone',
  'captcha_token',
  'cf-turnstile-response',
])

/**
 * SPEC §7 "Users" (docs/API.md "Users"). Each call names who may call it: `anyone`,
 * `requireUser` or `requireRole(...)` (http/auth.ts). Captcha (non-GET /v1/user and recovery)
 * and CSRF are checked before these handlers by app-level middleware (app.ts).
 */
export const usersRoutes = new Hono<AppEnv>()
  .on(
    registerCall.method,
    registerCall.path,
    anyone,
    ...endpoint(registerCall, async (c, input) => {
      const user = await users.register(ctxOf(c), input)
      const session = await createSession(c, user, { remember: input.remember })
      return reply(
        c,
        registerCall,
        { user: toSessionUserDto(user, 0, session) },
        { status: 201, message: 'accounts.messages.welcome' },
      )
    }),
  )

  .on(
    calls.authenticate.method,
    calls.authenticate.path,
    anyone,
    ...endpoint(calls.authenticate, async (c, input) => {
      const { user, recovery } = await users.authenticate(ctxOf(c), input, await captchaTokenOf(c))
      // Signing in while signed in (another account, a link): the old session ends first.
      if (c.var.user) await endSession(c, { replaced: true })
      const session = await createSession(c, user, { remember: input.remember, recovery })
      return reply(c, calls.authenticate, {
        user: toSessionUserDto(user, await balanceCents(c.var.db, user.id), session),
      })
    }),
  )

  .on(
    calls.logout.method,
    calls.logout.path,
    requireUser,
    ...endpoint(calls.logout, async (c) => {
      await endSession(c)
      return reply(c, calls.logout, {}, { message: 'accounts.messages.logged_out' })
    }),
  )

  .on(
    calls.getMe.method,
    calls.getMe.path,
    requireUser,
    ...endpoint(calls.getMe, async (c) => reply(c, calls.getMe, { user: await users.getMe(ctxOf(c)) })),
  )

  .on(
    updateCall.method,
    updateCall.path,
    requireUser,
    ...endpoint(updateCall, async (c, input) => {
      const me = currentUser(c)
      const out = await users.updateProfile(ctxOf(c), input)
      const credits = await balanceCents(c.var.db, me.id)
      if (out.passwordChanged) {
        // Every session of the user ended with the old password; the caller gets a new one,
        // with the same page CSRF token so the open page keeps working.
        await endSession(c, { replaced: true })
        const session = await createSession(c, out.user, { remember: me.session?.remember, csrf: me.session?.csrf })
        return reply(
          c,
          updateCall,
          { user: toSessionUserDto(out.user, credits, session) },
          { message: 'accounts.messages.password_updated' },
        )
      }
      const settingsOnly = Object.keys(input).every((k) => SETTINGS_FIELDS.has(k))
      return reply(
        c,
        updateCall,
        { user: toUserDto(out.user, credits) },
        { message: settingsOnly ? 'accounts.messages.settings_updated' : 'accounts.messages.updated' },
      )
    }),
  )

  .on(
    calls.deleteUser.method,
    calls.deleteUser.path,
    requireUser,
    ...endpoint(calls.deleteUser, async (c, input) => {
      const id = await users.deleteAccount(ctxOf(c), input.id)
      if (id === currentUser(c).id) {
        await endSession(c)
        return reply(c, calls.deleteUser, {}, { message: 'accounts.messages.deleted' })
      }
      return reply(c, calls.deleteUser, {}, { message: 'accounts.messages.user_deleted' })
    }),
  )

  .on(
    calls.recoverPassword.method,
    calls.recoverPassword.path,
    anyone,
    ...endpoint(calls.recoverPassword, async (c, input) => {
      await users.recoverPassword(ctxOf(c), input.email)
      return reply(c, calls.recoverPassword, {}, { message: 'accounts.messages.recover_sent' })
    }),
  )

  // Anyone: the signed link of a notification mail works signed out (checked in the service).
  .on(
    calls.disableNotifications.method,
    calls.disableNotifications.path,
    anyone,
    ...endpoint(calls.disableNotifications, async (c, input) => {
      await users.disableNotifications(ctxOf(c), input)
      return reply(c, calls.disableNotifications, {}, { message: 'accounts.messages.notifications_disabled' })
    }),
  )

  .on(
    calls.getPermissions.method,
    calls.getPermissions.path,
    requireUser,
    ...endpoint(calls.getPermissions, async (c) =>
      reply(c, calls.getPermissions, { permissions: await users.permissionsOf(ctxOf(c)) }),
    ),
  )

  .on(
    calls.exportMyData.method,
    calls.exportMyData.path,
    requireUser,
    ...endpoint(calls.exportMyData, async (c) => {
      const data = await users.exportUserData(ctxOf(c))
      c.header('content-disposition', 'attachment; filename="calma-my-data.json"')
      return reply(c, calls.exportMyData, { export: data })
    }),
  )

  .on(
    calls.listUsers.method,
    calls.listUsers.path,
    requireRole(Role.admin),
    ...endpoint(calls.listUsers, async (c, q) => reply(c, calls.listUsers, await users.listUsers(ctxOf(c), q))),
  )

  .on(
    calls.listPsychologists.method,
    calls.listPsychologists.path,
    anyone,
    ...endpoint(calls.listPsychologists, async (c, q) =>
      users
        .listPsychologists(ctxOf(c), q)
        .then((out) =>
          reply(
            c,
            calls.listPsychologists,
            out,
            out.psychologists.length ? {} : { message: 'appointments.no_psychologists' },
          ),
        ),
    ),
  )
