import { Hono, type Context } from 'hono'
import { Role } from '#shared/enums'
import * as calls from '#shared/contract/users'
import { register as registerCall, updateProfile as updateCall } from '#shared/contract/users.phone'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { anyone, requireAuthority, requireRole, requireUser } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import { captchaTokenOf } from '#worker/http/captcha'
import { createSession, endSession } from './session'
import * as users from './users.service'
import type { CallerSession } from './users.service'

/** The caller's session for a flow that opens or ends one (its cookie is this request's). */
const sessionOf = (c: Context<AppEnv>): CallerSession => ({
  open: (user, opts) => createSession(c, user, opts),
  end: (opts) => endSession(c, opts),
})

/**
 * SPEC §7 "Users" (docs/API.md "Users"). Each call names who may call it: `anyone`,
 * `requireUser`, `requireAuthority` (the account's changes and export: the session confirmed in
 * D1, docs/decisions/038) or `requireRole(...)` (http/auth.ts). Captcha (non-GET /v1/user and recovery)
 * and CSRF are checked before these handlers by app-level middleware (app.ts).
 */
export const usersRoutes = new Hono<AppEnv>()
  .on(
    registerCall.method,
    registerCall.path,
    anyone,
    ...endpoint(registerCall, async (c, input) =>
      reply(c, registerCall, await users.signUp(ctxOf(c), input, sessionOf(c)), {
        status: 201,
        message: 'accounts.messages.welcome',
      }),
    ),
  )

  .on(
    calls.authenticate.method,
    calls.authenticate.path,
    anyone,
    ...endpoint(calls.authenticate, async (c, input) =>
      reply(c, calls.authenticate, await users.signIn(ctxOf(c), input, await captchaTokenOf(c), sessionOf(c))),
    ),
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
    requireAuthority,
    ...endpoint(updateCall, async (c, input) => {
      const { user, message } = await users.saveProfile(ctxOf(c), input, sessionOf(c))
      return reply(c, updateCall, { user }, { message })
    }),
  )

  .on(
    calls.deleteUser.method,
    calls.deleteUser.path,
    requireAuthority,
    ...endpoint(calls.deleteUser, async (c, input) =>
      reply(c, calls.deleteUser, {}, { message: await users.closeAccount(ctxOf(c), input.id, sessionOf(c)) }),
    ),
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
    requireAuthority,
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
