// Accounts and identity (issue 3): the rules, with no HTTP in them (CONVENTIONS 6).
// Handlers in users.routes.ts validate, call one of these and answer; the session's cookie is
// HTTP's, so a flow that opens or ends one is handed the caller's session (`CallerSession`).
import { devicesOf } from '#worker/push/subscriptions.repo'
import { personal } from '#worker/http/person-cache'
import { markViewersErased } from '#worker/http/viewer'
import { cancelPlansOnErase } from '#worker/features/payments/payments.service'
import { tryActionsNow } from '#worker/features/payments/stripe.actions'
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { Role } from '#shared/enums'
import { LANDING_ROUTE } from '#shared/landings'
import type { AuthenticateRequest, PsychologistsQuery, UsersQuery } from '#shared/contract/users'
import type { RegisterRequest, UpdateRequest } from '#shared/contract/users.phone'
import { pagination } from '#shared/contract/list'
import type { Ctx } from '#worker/context'
import { balanceCents } from '#worker/ledger/ledger'
import { type Locale, type MessageKey } from '#shared/i18n/index'
import { COOLDOWNS_MS, FREE_ACCESS_DAYS } from '#shared/limits'
import type { NewUser, User } from '#worker/db/schema'
import type { SessionUser } from '#worker/env'
import { AppError } from '#worker/http/errors'
import { takeCooldown } from '#worker/http/ratelimit'
import { sendMail } from '#worker/features/mail/mail.service'
import { endRealtime } from '#worker/features/notifications/realtime'
import { checkNotificationsSignature, notificationsLink } from '#worker/features/notifications/unsubscribe'
import { assignStartingPlan, followLanguage } from '#worker/features/plans/plans.service'
import { toAdminUserDto, toPsychologistDto, toSessionUserDto, toUserDto } from './users.dto'
import * as repo from './users.repo'
import { checkRegisterProbes, openSignIn, registerHitExisting } from './throttle'
import { hashPassword, isCommonPassword, verifyDummy, verifyPassword } from './password'
import { verifyIdToken, type Provider } from './providers'
import {
  consumeTemporaryToken,
  createTemporaryToken,
  passwordFingerprint,
  refreshSessions,
  TEMPORARY_TTL_SEC,
  type NewSession,
} from './session'
import {
  collectUserData,
  eraseUser,
  findUserByEmail,
  findUserById,
  findUserByProvider,
  insertUserWithConsent,
  updateUser,
} from './users.repo'
import { localizedHref } from '#client/app/pages.ts'

/** The consent recorded when the client does not send the text it showed. */
export const DEFAULT_CONSENT = {
  version: 'register-2026-01',
  text: 'Legal age confirmed; terms and privacy policy accepted.',
}

const DAY_MS = 24 * 60 * 60 * 1000

function passwordRules(password: string, field = 'password') {
  if (isCommonPassword(password))
    throw new AppError('validation', { fields: { [field]: ['accounts.errors.password_common'] } })
}

/** E.164 form of a phone the contract already validated. */
const normalizePhone = (phone: string) => parsePhoneNumberFromString(phone)?.number ?? phone

function linkTo(ctx: Ctx, path: string, query: Record<string, string | number>) {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
  return `${ctx.linkBase}${path}?${q}` // `path` from localizedHref (issue 33 §4)
}

/** A sign-in link (SPEC §2: `/login?user_id=…&authorization=…`), then on to `redirect` (a localizedHref). */
async function signInLink(ctx: Ctx, user: User, purpose: 'recover' | 'welcome', redirect: string) {
  const token = await createTemporaryToken(ctx.env, user, purpose)
  return linkTo(ctx, localizedHref(ctx.locale, 'login'), { user_id: user.id, authorization: token, redirect })
}

// ── Register ─────────────────────────────────────────────────────────────────────────────────

function newUserValues(
  ctx: Ctx,
  now: Date,
  input: {
    email?: string | null
    name?: string | null
    language?: Locale
    countryCode?: string
    phone?: string
    timezone?: string
  },
): NewUser {
  return {
    email: input.email ?? null,
    name: input.name ?? null,
    language: input.language ?? ctx.locale,
    countryCode: input.countryCode ?? null,
    phone: input.phone ? normalizePhone(input.phone) : null,
    timezone: input.timezone ?? null,
    role: Role.patient,
    freeAccessUntil: new Date(now.getTime() + FREE_ACCESS_DAYS * DAY_MS),
    legalAgeConfirmedAt: now,
    consentedAt: now,
    createdAt: now,
    updatedAt: now,
  }
}

/**
 * POST /v1/user. The captcha was checked before (http/captcha.ts). New users are patients with
 * 3 days of free access; the consent text and version shown are recorded. A welcome mail
 * carries a one-time sign-in link (the landing forms register without a password).
 */
export async function register(ctx: Ctx, input: RegisterRequest): Promise<User> {
  if (input.password) passwordRules(input.password)
  // SPEC's register signs a new person in at once, so a known email must be told apart (409);
  // probing for members is made slow and visible instead (issue 14 §2, throttle.ts).
  await checkRegisterProbes(ctx)
  const owner = await findUserByEmail(ctx.db, input.email)
  if (owner) {
    await registerHitExisting(ctx, owner)
    throw new AppError('conflict', {
      message: 'accounts.errors.email_taken',
      fields: { email: ['accounts.errors.email_taken'] },
    })
  }
  const now = new Date()
  const consent = {
    kind: input.consent_kind ?? 'registration',
    text: input.consent_text ?? DEFAULT_CONSENT.text,
    version: input.consent_version ?? DEFAULT_CONSENT.version,
  } as const
  const values: NewUser = {
    ...newUserValues(ctx, now, {
      email: input.email,
      name: input.name,
      language: input.language,
      countryCode: input.country_code,
      phone: input.phone,
      timezone: input.timezone,
    }),
    passwordHash: input.password ? await hashPassword(input.password) : null,
    consentText: consent.text,
    consentVersion: consent.version,
  }
  const user = await insertUserWithConsent(ctx.db, values, consent, now)
  if (!user)
    throw new AppError('conflict', {
      message: 'accounts.errors.email_taken',
      fields: { email: ['accounts.errors.email_taken'] },
    })
  // The plan of the landing they came from, else their language's default (issue 7 §4).
  await assignStartingPlan(ctx, user.id, user.language as Locale, input.category, now)
  // The account exists from here on. The welcome mail (a temporary token in KV, an outbox row,
  // the delivery) must not fail the registration: a 500 now would make the retry answer 'This
  // email already has an account'. It stays inline (the outbox row is there when the answer is)
  // but a failure is only logged; the person can still get a sign-in link through recovery.
  try {
    await sendMail(
      ctx.env,
      {
        to: input.email,
        template: 'welcome',
        locale: ctx.locale,
        data: {
          name: user.name,
          // A landing's registration gets the kit it promised, opened by the same one-time link.
          link: await signInLink(
            ctx,
            user,
            'welcome',
            input.category
              ? localizedHref(ctx.locale, 'route', { slug: LANDING_ROUTE[input.category][ctx.locale] })
              : localizedHref(ctx.locale, 'journey'),
          ),
          ...(input.category ? { kit: input.category } : {}),
          unsubscribe: await notificationsLink(ctx.env, ctx.linkBase, user.id, ctx.locale),
        },
      },
      ctx.waitUntil,
    )
  } catch (err) {
    console.warn(`welcome mail for user ${user.id} not queued:`, err instanceof Error ? err.message : err)
  }
  return user
}

// ── Authenticate ─────────────────────────────────────────────────────────────────────────────

export interface Authenticated {
  user: User
  /** Signed in by a recovery link: may set a new password without the old one for a while. */
  recovery: boolean
}

/**
 * POST /v1/user/authenticate. A wrong password and an unknown email give the same answer
 * ('Invalid credentials.', 401) after the same work: an unknown email still runs one PBKDF2.
 */
export async function authenticate(
  ctx: Ctx,
  input: AuthenticateRequest,
  captchaToken: string | null = null,
): Promise<Authenticated> {
  if (input.google_id_token)
    return { user: await providerSignIn(ctx, 'google', input.google_id_token, input), recovery: false }
  if (input.apple_id_token)
    return { user: await providerSignIn(ctx, 'apple', input.apple_id_token, input), recovery: false }
  if (input.user_id !== undefined) return temporarySignIn(ctx, input.user_id, input.authorization!)
  return { user: await passwordSignIn(ctx, input.email!, input.password!, captchaToken), recovery: false }
}

async function passwordSignIn(ctx: Ctx, email: string, password: string, captchaToken: string | null): Promise<User> {
  const gate = await openSignIn(ctx, email, captchaToken)
  const user = await findUserByEmail(ctx.db, email)
  const ok = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await verifyDummy(password)
  if (!ok || !user) {
    await gate.failed(user)
    throw new AppError('invalid_credentials')
  }
  await gate.succeeded()
  return user
}

async function temporarySignIn(ctx: Ctx, userId: number, token: string): Promise<Authenticated> {
  const used = await consumeTemporaryToken(ctx.env, userId, token)
  if (!used) throw new AppError('invalid_credentials', { message: 'accounts.errors.link_expired' })
  return { user: used.user, recovery: used.rec.purpose === 'recover' }
}

/**
 * Google / Apple (issue 3 §4). Accounts are keyed by provider and subject. A first sign-in
 * creates an account (legal age required); it is never joined to an existing account through
 * the email, verified or not, so a password account cannot be taken over by someone who
 * registered it first with another's address (docs/decisions/002-provider-accounts.md).
 */
async function providerSignIn(ctx: Ctx, provider: Provider, token: string, input: AuthenticateRequest): Promise<User> {
  const identity = await verifyIdToken(ctx.env, provider, token, { nonce: input.nonce })
  if (!identity) throw new AppError('invalid_credentials')
  const existing = await findUserByProvider(ctx.db, provider, identity.subject)
  if (existing) return existing
  if (!input.legal_age) throw new AppError('validation', { fields: { legal_age: ['accounts.errors.legal_age'] } })
  const email = identity.email && identity.emailVerified ? identity.email : null
  if (email && (await findUserByEmail(ctx.db, email))) {
    throw new AppError('conflict', { message: 'accounts.errors.provider_email_taken' })
  }
  const now = new Date()
  const consent = {
    kind: 'registration',
    text: input.consent_text ?? DEFAULT_CONSENT.text,
    version: input.consent_version ?? DEFAULT_CONSENT.version,
  } as const
  const values: NewUser = {
    ...newUserValues(ctx, now, { email, name: input.name ?? identity.name, language: input.language }),
    ...(provider === 'google' ? { googleId: identity.subject } : { appleId: identity.subject }),
    passwordHash: null,
    consentText: consent.text,
    consentVersion: consent.version,
  }
  const user = await insertUserWithConsent(ctx.db, values, consent, now)
  if (user) await assignStartingPlan(ctx, user.id, user.language as Locale, undefined, now)
  // A concurrent first sign-in of the same subject won the race: use that account.
  return user ?? (await findUserByProvider(ctx.db, provider, identity.subject)) ?? raise()
}

const raise = (): never => {
  throw new AppError('conflict', { message: 'accounts.errors.provider_email_taken' })
}

// ── Profile ──────────────────────────────────────────────────────────────────────────────────

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
  const user = await findUserById(ctx.db, caller.id)
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
  // Every session carries the row: the new one goes to each of them; a new password ends them all (session.ts).
  await refreshSessions(ctx.env, user.id)
  // Every session ended with the old password: so do the sockets they opened (the caller's page reconnects with its new session).
  if (passwordChanged)
    await endRealtime(ctx.env, user.id, { keepPassword: await passwordFingerprint(updated.passwordHash) })
  // A new language brings the plan of that language (the profile's warning says so, SPEC §4).
  if (updated.language !== user.language) await followLanguage(ctx, user.id, updated.language as Locale)
  return { user: updated, passwordChanged, previousLanguage: user.language }
}

// ── Recovery ─────────────────────────────────────────────────────────────────────────────────

/**
 * POST /v1/user/recover/password. Once every 30 minutes per email address (SPEC §5), taken
 * atomically in D1 before anything else, and keyed by the address whether or not it has an
 * account: the answer (and the cooldown) is the same either way. Only a real account gets mail.
 */
export async function recoverPassword(ctx: Ctx, email: string): Promise<void> {
  const cd = await takeCooldown(ctx.db, `recover:${email}`, COOLDOWNS_MS.passwordRecovery)
  if (!cd.ok)
    throw new AppError('rate_limited', {
      message: 'errors.recovery_cooldown',
      extra: { retry_at: new Date(cd.retryAt).toISOString() },
    })
  const user = await findUserByEmail(ctx.db, email)
  if (!user) return
  await sendMail(
    ctx.env,
    {
      to: email,
      template: 'recover',
      locale: ctx.locale,
      data: {
        name: user.name,
        link: await signInLink(ctx, user, 'recover', localizedHref(ctx.locale, 'profile')),
        minutes: TEMPORARY_TTL_SEC.recover / 60,
      },
    },
    ctx.waitUntil,
  )
}

// ── Notifications, deletion, export, permissions ────────────────────────────────────────────

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

/** DELETE /v1/user: yourself, or (admins) anyone else by id. Returns the erased user's id. */
export async function deleteAccount(ctx: Ctx, targetId: number | undefined): Promise<number> {
  const caller = signedIn(ctx)
  const id = targetId ?? caller.id
  if (id !== caller.id && caller.role !== Role.admin) throw new AppError('unauthorized')
  const user = await findUserById(ctx.db, id)
  if (!user) throw new AppError('not_found', { message: 'errors.user_not_found' })
  const plans = await cancelPlansOnErase(ctx.db, user.id)
  try {
    await eraseUser(ctx.db, user, plans.stmts)
  } catch (err) {
    console.error('erase user failed', err)
    throw new AppError('internal', { message: 'errors.delete_account_failed' })
  }
  // The devices that held the person's sessions will hear they are gone (http/viewer.ts), then
  // every session of the person ends now (their row is gone: session.ts refreshSessions).
  await markViewersErased(ctx.env, id)
  await Promise.all([endRealtime(ctx.env, id, { keepPassword: null }), refreshSessions(ctx.env, id)])
  if (user.avatar) ctx.waitUntil(ctx.env.MEDIA.delete(user.avatar).catch(() => undefined))
  if (plans.keys.length) ctx.waitUntil(tryActionsNow(ctx.env, plans.keys))
  return id
}

const snake = (k: string) => k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)
function snakeKeys(row: unknown): unknown {
  if (Array.isArray(row)) return row.map(snakeKeys)
  if (row instanceof Date) return row.toISOString()
  if (!row || typeof row !== 'object') return row
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), v instanceof Date ? v.toISOString() : v]))
}

/** GET /v1/user/export: all of the caller's own data (issue 3 §9). No hash, no device token. */
export async function exportUserData(ctx: Ctx) {
  const caller = signedIn(ctx)
  const user = await findUserById(ctx.db, caller.id)
  if (!user) throw new AppError('unauthenticated')
  const { passwordHash: _h, notificationPushToken: _p, ...profile } = user
  const data = await collectUserData(ctx.db, caller.id)
  return {
    exported_at: new Date().toISOString(),
    user: snakeKeys(profile),
    has_password: !!user.passwordHash,
    ...Object.fromEntries(Object.entries(data).map(([k, rows]) => [k, snakeKeys(rows)])),
    // Reminders on this device (issue 34 §1): each device, never its keys.
    push_devices: await devicesOf(ctx.db, caller.id),
  }
}

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

/** The caller of a service that needs one (the route's guard already refused visitors). */
function signedIn(ctx: Ctx): SessionUser {
  if (!ctx.user) throw new AppError('unauthenticated')
  return ctx.user
}

// ── Lists ────────────────────────────────────────────────────────────────────────────────────

/** GET /v1/users (admins): a page of users. */
export async function listUsers(ctx: Ctx, q: UsersQuery) {
  const { rows, total } = await repo.listUsers(ctx.db, q)
  return { users: rows.map(toAdminUserDto), pagination: pagination(q, total, rows.length) }
}

/** GET /v1/users/psychologists: anyone may see who offers appointments (no email, no phone). */
export async function listPsychologists(ctx: Ctx, q: PsychologistsQuery) {
  const { rows, total } = await repo.listPsychologists(ctx.db, q)
  return { psychologists: rows.map(toPsychologistDto), pagination: pagination(q, total, rows.length) }
}

/** The caller's own user with their credits (GET /v1/user, the profile page). */
export async function getMe(ctx: Ctx) {
  const caller = signedIn(ctx)
  const user = caller.row ?? (await findUserById(ctx.db, caller.id))
  if (!user) throw new AppError('unauthenticated')
  // The credits balance, kept between the person's requests (http/person-cache.ts).
  return toUserDto(user, await personal(ctx, 'balance', null, () => balanceCents(ctx.db, caller.id)))
}

export { findUserById }

// ── Flows that open or end the caller's session ───────────────────────────────────────────────

/** The caller's session, as the handler hands it over (session.ts sets and clears the cookie). */
export interface CallerSession {
  open(user: User, opts: { remember?: boolean; recovery?: boolean; csrf?: string }): Promise<NewSession>
  end(opts?: { replaced?: boolean }): Promise<void>
}

/** POST /v1/user: SPEC's register signs the new person in at once. */
export async function signUp(ctx: Ctx, input: RegisterRequest, session: CallerSession) {
  const user = await register(ctx, input)
  return { user: toSessionUserDto(user, 0, await session.open(user, { remember: input.remember })) }
}

/** POST /v1/user/authenticate: signing in while signed in (another account, a link) ends the old session first. */
export async function signIn(
  ctx: Ctx,
  input: AuthenticateRequest,
  captchaToken: string | null,
  session: CallerSession,
) {
  const { user, recovery } = await authenticate(ctx, input, captchaToken)
  if (ctx.user) await session.end({ replaced: true })
  const opened = await session.open(user, { remember: input.remember, recovery })
  return { user: toSessionUserDto(user, await balanceCents(ctx.db, user.id), opened) }
}

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
 * PUT /v1/user: the profile saved, and the message that says what was saved. A new password
 * ended every session of the person; the caller gets a new one, with the same page CSRF token
 * so the open page keeps working.
 */
export async function saveProfile(ctx: Ctx, input: UpdateRequest, session: CallerSession) {
  const caller = signedIn(ctx)
  const out = await updateProfile(ctx, input)
  const credits = await balanceCents(ctx.db, caller.id)
  if (out.passwordChanged) {
    await session.end({ replaced: true })
    const opened = await session.open(out.user, { remember: caller.session?.remember, csrf: caller.session?.csrf })
    const message: MessageKey = 'accounts.messages.password_updated'
    return { user: toSessionUserDto(out.user, credits, opened), message }
  }
  const settingsOnly = Object.keys(input).every((k) => SETTINGS_FIELDS.has(k))
  const message: MessageKey = settingsOnly ? 'accounts.messages.settings_updated' : 'accounts.messages.updated'
  return { user: toUserDto(out.user, credits), message }
}

/** DELETE /v1/user: erasing one's own account ends the session; an admin erasing another's does not. */
export async function closeAccount(
  ctx: Ctx,
  targetId: number | undefined,
  session: CallerSession,
): Promise<MessageKey> {
  const id = await deleteAccount(ctx, targetId)
  if (id !== signedIn(ctx).id) return 'accounts.messages.user_deleted'
  await session.end()
  return 'accounts.messages.deleted'
}
