// The profile (issue 3, SPEC §5): the caller's own account read and changed, and the mail
// opt-out a signed link may ask for without a session. Changing the password ends every session,
// so saveProfile is handed the caller's (`CallerSession`, accounts.service.ts) to open a new one.
import type { UpdateRequest } from '#shared/contract/users.phone'
import type { Ctx } from '#worker/context'
import { balanceCents } from '#worker/ledger/ledger'
import { type Locale, type MessageKey } from '#shared/i18n/index'
import type { NewUser, User } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import { personal } from '#worker/http/person-cache'
import { endRealtime } from '#worker/realtime/channels'
import { checkNotificationsSignature } from '#worker/mail/unsubscribe'
import { followLanguage } from '#worker/features/plans/starting-plan.service'
import { normalizePhone, passwordRules, type CallerSession } from './accounts.service'
import { signedIn } from './caller'
import { hashPassword, verifyPassword } from './password'
import { passwordFingerprint } from '#worker/identity/records'
import { refreshSessions } from '#worker/identity/sessions'
import { toSessionUserDto, toUserDto } from './users.dto'
import { findUserById, updateUser } from './users.repo'
import { keepOnlySessionDevices } from '#worker/push/subscriptions.repo'

export interface Updated {
  user: User
  passwordChanged: boolean
  /** The language before the update (the page reloads at the other path when it changed). */
  previousLanguage: string
}

/**
 * POST /v1/user/update: only the fields of SPEC §5 and notification settings; the contract
 * refuses any other. A new password needs the current one, except moments after a recovery
 * link (the person lost it) or when the account never had one.
 */
export async function updateProfile(ctx: Ctx, input: UpdateRequest): Promise<Updated> {
  const caller = signedIn(ctx)
  // The row requireAuthority has just read at D1's primary (confirmed), not a second read of it.
  const user = caller.confirmed ? caller.row : await findUserById(ctx.db, caller.id)
  if (!user) throw new AppError('unauthenticated')
  const patch: Partial<NewUser> = {}
  if (input.name !== undefined) patch.name = input.name
  if (input.country_code !== undefined) patch.countryCode = input.country_code
  if (input.phone !== undefined) patch.phone = normalizePhone(input.phone)
  if (input.language !== undefined) patch.language = input.language
  if (input.timezone !== undefined) patch.timezone = input.timezone
  if (input.perfect_time_to_send_notifications !== undefined)
    patch.perfectTimeToSendNotifications = input.perfect_time_to_send_notifications
  if (input.notification_channels !== undefined) patch.notificationChannels = input.notification_channels
  Object.assign(patch, quietHoursPatch(input))
  if (input.is_a_email_reader !== undefined) {
    patch.isAEmailReader = input.is_a_email_reader
    // Asking for mail again turns notifications back on.
    if (input.is_a_email_reader) patch.notificationsDisabledAt = null
  }
  let passwordChanged = false
  if (input.password) {
    passwordRules(input.password)
    if (user.passwordHash && !caller.session?.recovery) {
      if (!input.current_password)
        throw new AppError('validation', {
          fields: { current_password: ['accounts.errors.current_password_required'] },
        })
      if (!(await verifyPassword(input.current_password, user.passwordHash))) {
        throw new AppError('validation', { fields: { current_password: ['accounts.errors.current_password'] } })
      }
    }
    patch.passwordHash = await hashPassword(input.password)
    passwordChanged = true
  }
  // Written only while the password is still the one the caller's session was opened with (as
  // D1's primary had it when requireAuthority confirmed the session, after the body arrived): a
  // password change or erasure that lands meanwhile ends this session, and its write too.
  const sessionPassword = caller.confirmed ? caller.row.passwordHash : user.passwordHash
  const updated = await updateUser(ctx.db, user.id, patch, { hash: sessionPassword })
  if (!updated) throw new AppError('unauthenticated')
  // Every session carries the row: the new one goes to each of them; a new password ends them all
  // (session.ts). The row the write answered is the first copy: no read of it before.
  await refreshSessions(ctx.env, user.id, updated)
  // Every session ended with the old password: so do the sockets they opened (the caller's page reconnects with its new session).
  if (passwordChanged)
    await endRealtime(ctx.env, user.id, { keepPassword: await passwordFingerprint(updated.passwordHash) })
  // A new language brings the plan of that language (the profile's warning says so, SPEC §4).
  if (updated.language !== user.language) await followLanguage(ctx, user.id, updated.language as Locale)
  return { user: updated, passwordChanged, previousLanguage: user.language }
}

/** The caller's own user with their credits (GET /v1/user, the profile page). */
export async function getMe(ctx: Ctx) {
  const caller = signedIn(ctx)
  const user = caller.row ?? (await findUserById(ctx.db, caller.id))
  if (!user) throw new AppError('unauthenticated')
  // The credits balance, kept between the person's requests (http/person-cache.ts).
  return toUserDto(user, await personal(ctx, 'balance', null, () => balanceCents(ctx.db, caller.id)))
}

/**
 * The person's quiet hours (issue 42 §3), sent as a pair: `none` (either side) clears them, two
 * times set them; one alone, or the same time twice (a night of no length), is refused with the
 * field named.
 */
function quietHoursPatch(input: UpdateRequest): Partial<NewUser> {
  const { quiet_from: from, quiet_until: until } = input
  if (from === undefined && until === undefined) return {}
  if (from === 'none' || until === 'none') return { quietFrom: null, quietUntil: null }
  if (from === undefined || until === undefined)
    throw new AppError('validation', {
      fields: { [from === undefined ? 'quiet_from' : 'quiet_until']: ['first_week.quiet.both'] },
    })
  if (from === until) throw new AppError('validation', { fields: { quiet_until: ['first_week.quiet.same'] } })
  return { quietFrom: from, quietUntil: until }
}

/** Fields of the notification settings form: saving only these says 'Settings updated.' */
const SETTINGS_FIELDS = new Set([
  'is_a_email_reader',
  'perfect_time_to_send_notifications',
  'quiet_from',
  'quiet_until',
  'notification_channels',
  'timezone',
  'captcha_token',
  'cf-turnstile-response',
])

/**
 * PUT /v1/user: the profile saved, and the message that says what was saved. A new password
 * ended every session of the person; the caller gets a new one, with the same page CSRF token
 * so the open page keeps working.
 */
export async function saveProfile(ctx: Ctx, input: UpdateRequest, session: CallerSession) {
  const caller = signedIn(ctx)
  // The balance beside the change (one D1 round for both): a profile save moves no credits.
  const [out, credits] = await Promise.all([updateProfile(ctx, input), balanceCents(ctx.db, caller.id)])
  if (out.passwordChanged) {
    // The new session first: this device's reminders move to it, and every other session's
    // devices go with their sessions (the lost phone a new password shuts out; decision 060).
    const opened = await session.open(out.user, { remember: caller.session?.remember, csrf: caller.session?.csrf })
    await keepOnlySessionDevices(ctx.db, caller.id, caller.session?.hash ?? null, opened)
    await session.end({ replaced: true })
    const message: MessageKey = 'accounts.messages.password_updated'
    return { user: toSessionUserDto(out.user, credits, opened), message }
  }
  const settingsOnly = Object.keys(input).every((k) => SETTINGS_FIELDS.has(k))
  const message: MessageKey = settingsOnly ? 'accounts.messages.settings_updated' : 'accounts.messages.updated'
  return { user: toUserDto(out.user, credits), message }
}

/** DELETE /v1/user/notifications/delete: the caller, or the user of a signed mail link. */
export async function disableNotifications(ctx: Ctx, input: { user_id?: number; signature?: string }) {
  const caller = ctx.user
  let userId: number
  if (input.signature !== undefined || (input.user_id !== undefined && input.user_id !== caller?.id)) {
    if (
      input.user_id === undefined ||
      !input.signature ||
      !(await checkNotificationsSignature(ctx.env, input.user_id, input.signature))
    ) {
      throw new AppError('unauthorized', { message: 'accounts.errors.signature' })
    }
    userId = input.user_id
  } else if (caller) {
    userId = caller.id
  } else {
    throw new AppError('unauthenticated')
  }
  const done = await updateUser(ctx.db, userId, { notificationsDisabledAt: new Date(), isAEmailReader: false })
  if (!done) throw new AppError('not_found', { message: 'errors.user_not_found' })
  await refreshSessions(ctx.env, userId)
}
