// Accounts and identity (issue 3): the rules, with no HTTP in them (CONVENTIONS 6).
// Handlers in users.routes.ts validate, call these, open sessions and shape the answer.
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { Role } from '#shared/enums'
import type { AuthenticateRequest, RegisterRequest, UpdateRequest } from '#shared/contract/users.requests'
import { localizePath, type Locale } from '#shared/i18n/index'
import { COOLDOWNS_MS, FREE_ACCESS_DAYS } from '#shared/limits'
import type { Db } from '../../db/client'
import type { NewUser, User } from '../../db/schema'
import type { Env, SessionUser } from '../../env'
import { AppError } from '../../http/errors'
import { burstAllowed, burstHit, burstReset, takeCooldown, type BurstLimit } from '../../http/ratelimit'
import { sendMail } from '../../mail/mail'
import { hmac, safeEqual, serverSecret } from './crypto'
import { hashPassword, isCommonPassword, verifyDummy, verifyPassword } from './password'
import { verifyIdToken, type Provider } from './providers'
import { consumeTemporaryToken, createTemporaryToken, TEMPORARY_TTL_SEC } from './session'
import {
  collectUserData,
  creditBalanceCents,
  eraseUser,
  findUserByEmail,
  findUserById,
  findUserByProvider,
  insertUserWithConsent,
  updateUser,
} from './users.repo'

/** What the service needs from the request, without knowing it is one. */
export interface Deps {
  env: Env
  db: Db
  locale: Locale
  ip: string | null
  /** Origin that links in mail point to. */
  linkBase: string
  waitUntil: (p: Promise<unknown>) => void
}

/** Login attempts (KV burst limits, issue 3 §6): failures per email and per address, 15 min. */
export const LOGIN_LIMITS = {
  email: { limit: 10, windowSec: 15 * 60 } satisfies BurstLimit,
  ip: { limit: 50, windowSec: 15 * 60 } satisfies BurstLimit,
}

/** The consent recorded when the client does not send the text it showed. */
export const DEFAULT_CONSENT = { version: 'register-2026-01', text: 'Legal age confirmed; terms and privacy policy accepted.' }

const DAY_MS = 24 * 60 * 60 * 1000

function passwordRules(password: string, field = 'password') {
  if (isCommonPassword(password)) throw new AppError('validation', { fields: { [field]: ['accounts.errors.password_common'] } })
}

/** E.164 form of a phone the contract already validated. */
const normalizePhone = (phone: string) => parsePhoneNumberFromString(phone)?.number ?? phone

function linkTo(deps: Deps, path: string, query: Record<string, string | number>) {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
  return `${deps.linkBase}${localizePath(path, deps.locale)}?${q}`
}

/** A sign-in link (SPEC §2: `/login?user_id=…&authorization=…`), then on to `redirect`. */
async function signInLink(deps: Deps, user: User, purpose: 'recover' | 'welcome', redirect: string) {
  const token = await createTemporaryToken(deps.env, user.id, purpose)
  return linkTo(deps, '/login', { user_id: user.id, authorization: token, redirect: localizePath(redirect, deps.locale) })
}

/** The signed link of notification mail to the disable-notifications page (SPEC §2). */
export async function notificationsLink(env: Env, base: string, userId: number, locale: Locale) {
  const signature = await hmac(serverSecret(env), `notifications:${userId}`)
  return `${base}${localizePath('/disable-notifications', locale)}?user_id=${userId}&signature=${signature}`
}

async function checkNotificationsSignature(env: Env, userId: number, signature: string) {
  return safeEqual(signature, await hmac(serverSecret(env), `notifications:${userId}`))
}

// ── Register ─────────────────────────────────────────────────────────────────────────────────

function newUserValues(deps: Deps, now: Date, input: { email?: string | null; name?: string | null; language?: Locale; countryCode?: string; phone?: string; timezone?: string }): NewUser {
  return {
    email: input.email ?? null,
    name: input.name ?? null,
    language: input.language ?? deps.locale,
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
export async function register(deps: Deps, input: RegisterRequest): Promise<User> {
  if (input.password) passwordRules(input.password)
  if (await findUserByEmail(deps.db, input.email)) {
    throw new AppError('conflict', { message: 'accounts.errors.email_taken', fields: { email: ['accounts.errors.email_taken'] } })
  }
  const now = new Date()
  const consent = {
    kind: input.consent_kind ?? 'registration',
    text: input.consent_text ?? DEFAULT_CONSENT.text,
    version: input.consent_version ?? DEFAULT_CONSENT.version,
  } as const
  const values: NewUser = {
    ...newUserValues(deps, now, { email: input.email, name: input.name, language: input.language, countryCode: input.country_code, phone: input.phone, timezone: input.timezone }),
    passwordHash: input.password ? await hashPassword(input.password) : null,
    consentText: consent.text,
    consentVersion: consent.version,
  }
  const user = await insertUserWithConsent(deps.db, values, consent, now)
  if (!user) throw new AppError('conflict', { message: 'accounts.errors.email_taken', fields: { email: ['accounts.errors.email_taken'] } })
  await sendMail(
    deps.env,
    {
      to: input.email,
      template: 'welcome',
      locale: deps.locale,
      data: {
        name: user.name,
        link: await signInLink(deps, user, 'welcome', '/journey'),
        unsubscribe: await notificationsLink(deps.env, deps.linkBase, user.id, deps.locale),
      },
    },
    deps.waitUntil,
  )
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
export async function authenticate(deps: Deps, input: AuthenticateRequest): Promise<Authenticated> {
  if (input.google_id_token) return { user: await providerSignIn(deps, 'google', input.google_id_token, input), recovery: false }
  if (input.apple_id_token) return { user: await providerSignIn(deps, 'apple', input.apple_id_token, input), recovery: false }
  if (input.user_id !== undefined) return temporarySignIn(deps, input.user_id, input.authorization!)
  return { user: await passwordSignIn(deps, input.email!, input.password!), recovery: false }
}

async function passwordSignIn(deps: Deps, email: string, password: string): Promise<User> {
  const kv = deps.env.KV
  const emailKey = `login:email:${email}`
  const ipKey = `login:ip:${deps.ip ?? 'unknown'}`
  const [emailOk, ipOk] = await Promise.all([burstAllowed(kv, emailKey, LOGIN_LIMITS.email), burstAllowed(kv, ipKey, LOGIN_LIMITS.ip)])
  if (!emailOk || !ipOk) throw new AppError('rate_limited')
  const user = await findUserByEmail(deps.db, email)
  const ok = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await verifyDummy(password)
  if (!ok || !user) {
    await Promise.all([burstHit(kv, emailKey, LOGIN_LIMITS.email), burstHit(kv, ipKey, LOGIN_LIMITS.ip)])
    throw new AppError('invalid_credentials')
  }
  await burstReset(kv, emailKey, LOGIN_LIMITS.email)
  return user
}

async function temporarySignIn(deps: Deps, userId: number, token: string): Promise<Authenticated> {
  const rec = await consumeTemporaryToken(deps.env, userId, token)
  const user = rec ? await findUserById(deps.db, rec.uid) : undefined
  if (!rec || !user) throw new AppError('invalid_credentials', { message: 'accounts.errors.link_expired' })
  return { user, recovery: rec.purpose === 'recover' }
}

/**
 * Google / Apple (issue 3 §4). Accounts are keyed by provider and subject. A first sign-in
 * creates an account (legal age required); it is never joined to an existing account through
 * the email, verified or not, so a password account cannot be taken over by someone who
 * registered it first with another's address (docs/decisions/002-provider-accounts.md).
 */
async function providerSignIn(deps: Deps, provider: Provider, token: string, input: AuthenticateRequest): Promise<User> {
  const identity = await verifyIdToken(deps.env, provider, token, { nonce: input.nonce })
  if (!identity) throw new AppError('invalid_credentials')
  const existing = await findUserByProvider(deps.db, provider, identity.subject)
  if (existing) return existing
  if (!input.legal_age) throw new AppError('validation', { fields: { legal_age: ['accounts.errors.legal_age'] } })
  const email = identity.email && identity.emailVerified ? identity.email : null
  if (email && (await findUserByEmail(deps.db, email))) {
    throw new AppError('conflict', { message: 'accounts.errors.provider_email_taken' })
  }
  const now = new Date()
  const consent = { kind: 'registration', text: input.consent_text ?? DEFAULT_CONSENT.text, version: input.consent_version ?? DEFAULT_CONSENT.version } as const
  const values: NewUser = {
    ...newUserValues(deps, now, { email, name: input.name ?? identity.name, language: input.language }),
    ...(provider === 'google' ? { googleId: identity.subject } : { appleId: identity.subject }),
    passwordHash: null,
    consentText: consent.text,
    consentVersion: consent.version,
  }
  const user = await insertUserWithConsent(deps.db, values, consent, now)
  // A concurrent first sign-in of the same subject won the race: use that account.
  return user ?? (await findUserByProvider(deps.db, provider, identity.subject)) ?? raise()
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
export async function updateProfile(deps: Deps, caller: SessionUser, input: UpdateRequest): Promise<Updated> {
  const user = await findUserById(deps.db, caller.id)
  if (!user) throw new AppError('unauthenticated')
  const patch: Partial<NewUser> = {}
  if (input.name !== undefined) patch.name = input.name
  if (input.country_code !== undefined) patch.countryCode = input.country_code
  if (input.phone !== undefined) patch.phone = normalizePhone(input.phone)
  if (input.language !== undefined) patch.language = input.language
  if (input.timezone !== undefined) patch.timezone = input.timezone
  if (input.perfect_time_to_send_notifications !== undefined) patch.perfectTimeToSendNotifications = input.perfect_time_to_send_notifications
  if (input.is_a_email_reader !== undefined) {
    patch.isAEmailReader = input.is_a_email_reader
    // Asking for mail again turns notifications back on.
    if (input.is_a_email_reader) patch.notificationsDisabledAt = null
  }
  let passwordChanged = false
  if (input.password) {
    passwordRules(input.password)
    if (user.passwordHash && !caller.session?.recovery) {
      if (!input.current_password) throw new AppError('validation', { fields: { current_password: ['accounts.errors.current_password_required'] } })
      if (!(await verifyPassword(input.current_password, user.passwordHash))) {
        throw new AppError('validation', { fields: { current_password: ['accounts.errors.current_password'] } })
      }
    }
    patch.passwordHash = await hashPassword(input.password)
    passwordChanged = true
  }
  const updated = await updateUser(deps.db, user.id, patch)
  if (!updated) throw new AppError('unauthenticated')
  return { user: updated, passwordChanged, previousLanguage: user.language }
}

// ── Recovery ─────────────────────────────────────────────────────────────────────────────────

/**
 * POST /v1/user/recover/password. Once every 30 minutes per email address (SPEC §5), taken
 * atomically in D1 before anything else, and keyed by the address whether or not it has an
 * account: the answer (and the cooldown) is the same either way. Only a real account gets mail.
 */
export async function recoverPassword(deps: Deps, email: string): Promise<void> {
  const cd = await takeCooldown(deps.env.DB, `recover:${email}`, COOLDOWNS_MS.passwordRecovery)
  if (!cd.ok) throw new AppError('rate_limited', { message: 'errors.recovery_cooldown', extra: { retry_at: new Date(cd.retryAt).toISOString() } })
  const user = await findUserByEmail(deps.db, email)
  if (!user) return
  await sendMail(
    deps.env,
    {
      to: email,
      template: 'recover',
      locale: deps.locale,
      data: { name: user.name, link: await signInLink(deps, user, 'recover', '/profile'), minutes: TEMPORARY_TTL_SEC.recover / 60 },
    },
    deps.waitUntil,
  )
}

// ── Notifications, deletion, export, permissions ────────────────────────────────────────────

/** DELETE /v1/user/notifications/delete: the caller, or the user of a signed mail link. */
export async function disableNotifications(deps: Deps, caller: SessionUser | null, input: { user_id?: number; signature?: string }) {
  let userId: number
  if (input.signature !== undefined || (input.user_id !== undefined && input.user_id !== caller?.id)) {
    if (input.user_id === undefined || !input.signature || !(await checkNotificationsSignature(deps.env, input.user_id, input.signature))) {
      throw new AppError('unauthorized', { message: 'accounts.errors.signature' })
    }
    userId = input.user_id
  } else if (caller) {
    userId = caller.id
  } else {
    throw new AppError('unauthenticated')
  }
  const done = await updateUser(deps.db, userId, { notificationsDisabledAt: new Date(), isAEmailReader: false })
  if (!done) throw new AppError('not_found', { message: 'errors.user_not_found' })
}

/** DELETE /v1/user: yourself, or (admins) anyone else by id. Returns the erased user's id. */
export async function deleteAccount(deps: Deps, caller: SessionUser, targetId: number | undefined): Promise<number> {
  const id = targetId ?? caller.id
  if (id !== caller.id && caller.role !== Role.admin) throw new AppError('unauthorized')
  const user = await findUserById(deps.db, id)
  if (!user) throw new AppError('not_found', { message: 'errors.user_not_found' })
  try {
    await eraseUser(deps.db, user)
  } catch (err) {
    console.error('erase user failed', err)
    throw new AppError('internal', { message: 'errors.delete_account_failed' })
  }
  if (user.avatar) deps.waitUntil(deps.env.MEDIA.delete(user.avatar).catch(() => undefined))
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
export async function exportUserData(deps: Deps, caller: SessionUser) {
  const user = await findUserById(deps.db, caller.id)
  if (!user) throw new AppError('unauthenticated')
  const { passwordHash: _h, notificationPushToken: _p, ...profile } = user
  const data = await collectUserData(deps.db, caller.id)
  return {
    exported_at: new Date().toISOString(),
    user: snakeKeys(profile),
    has_password: !!user.passwordHash,
    ...Object.fromEntries(Object.entries(data).map(([k, rows]) => [k, snakeKeys(rows)])),
  }
}

/** GET /v1/user/permissions (SPEC §6: the subscription benefit can_schedule_appointments). */
export async function permissionsOf(deps: Deps, caller: SessionUser) {
  const credits = await creditBalanceCents(deps.db, caller.id)
  return {
    can_schedule_appointments: caller.subscriber || credits > 0,
    can_play_units: !caller.accessExpired,
    is_subscriber: caller.subscriber,
    is_admin: caller.role === Role.admin,
    is_psychologist: caller.role === Role.psychologist,
  }
}

export { creditBalanceCents, findUserById }
