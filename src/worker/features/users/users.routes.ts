import type { Context } from 'hono'
import { Role } from '#shared/enums'
import * as calls from '#shared/contract/users'
import { register as registerCall, updateProfile as updateCall } from '#shared/contract/users.phone'
import type { AppEnv } from '#worker/env'
import { anyone, requireAuthority, requireAuthorityAtWrite, requireRole, requireUser } from '#worker/http/auth'
import { captchaTokenOf } from '#worker/http/captcha'
import { answer, routes } from '#worker/http/mount'
import { createSession, endEverySession, endSession } from '#worker/identity/sessions'
import { recoverPassword, signIn, signUp, type CallerSession } from './accounts.service'
import { closeAccount, exportUserData } from './erasure.service'
import { permissionsOf, listUsers } from './permissions.service'
import { disableNotifications, getMe, saveProfile } from './profile.service'
import { listPsychologists } from './psychologists.service'

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
export const usersRoutes = routes((on) => {
  on(registerCall, anyone, (input, ctx, c) => signUp(ctx, input, sessionOf(c)))
  on(calls.authenticate, anyone, async (input, ctx, c) => signIn(ctx, input, await captchaTokenOf(c), sessionOf(c)))
  // The session's push devices end with it (identity/sessions.ts endSession, decision 060).
  on(calls.logout, requireUser, async (_, _ctx, c) => {
    await endSession(c)
  })
  on(calls.logoutEverywhere, requireUser, async (_, ctx, c) => {
    await endEverySession(ctx.env, ctx.user!.id)
    await endSession(c)
  })
  on(calls.getMe, requireUser, async (_, ctx) => ({ user: await getMe(ctx) }))
  on(updateCall, requireAuthority, async (input, ctx, c) => {
    const { user, message } = await saveProfile(ctx, input, sessionOf(c))
    return answer({ user }, { message })
  })
  on(calls.deleteUser, requireAuthority, async (input, ctx, c) =>
    answer({}, { message: await closeAccount(ctx, input.id, sessionOf(c)) }),
  )
  on(calls.recoverPassword, anyone, async (input, ctx) => {
    await recoverPassword(ctx, input.email)
  })
  // Anyone: the signed link of a notification mail works signed out (checked in the service).
  on(calls.disableNotifications, anyone, async (input, ctx) => {
    await disableNotifications(ctx, input)
  })
  on(calls.getPermissions, requireUser, async (_, ctx) => ({ permissions: await permissionsOf(ctx) }))
  // The caller confirmed beside the export's reads (one D1 round), before anything is answered.
  on(calls.exportMyData, requireAuthorityAtWrite, async (_, ctx, c) => {
    const data = await exportUserData(ctx)
    c.header('content-disposition', 'attachment; filename="calma-my-data.json"')
    return { export: data }
  })
  on(calls.listUsers, requireRole(Role.admin), (q, ctx) => listUsers(ctx, q))
  on(calls.listPsychologists, anyone, async (q, ctx) => {
    const out = await listPsychologists(ctx, q)
    return out.psychologists.length ? out : answer(out, { message: 'appointments.no_psychologists' })
  })
})
