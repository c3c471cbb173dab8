// Accounts (issue 3): coming in and getting back in — registration, sign-in by password, link or
// provider, and password recovery. The rules only (CONVENTIONS 6): users.routes.ts validates and
// answers; a flow that opens or ends a session is handed the caller's (`CallerSession`), since the
// cookie is HTTP's.
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { Role } from '#shared/enums'
import { LANDING_ROUTE } from '#shared/landings'
import type { AuthenticateRequest } from '#shared/contract/users'
import type { RegisterRequest } from '#shared/contract/users.phone'
import type { Ctx } from '#worker/context'
import { balanceCents } from '#worker/ledger/ledger'
import { type Locale } from '#shared/i18n/index'
import { COOLDOWNS_MS, FREE_ACCESS_DAYS } from '#shared/limits'
import type { NewUser, User } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import { takeCooldown } from '#worker/http/ratelimit'
import { sendMail } from '#worker/mail/send'
import { notificationsLink } from '#worker/mail/unsubscribe'
import { assignStartingPlan } from '#worker/features/plans/starting-plan.service'
import { toSessionUserDto } from './users.dto'
import { checkRegisterProbes, openSignIn, registerHitExisting } from './throttle'
import { hashPassword, isCommonPassword, verifyDummy, verifyPassword } from './password'
import { verifyIdToken, type Provider } from './providers'
import type { NewSession } from '#worker/identity/sessions'
import { consumeTemporaryToken, createTemporaryToken, TEMPORARY_TTL_SEC } from '#worker/identity/temporary'
import { findUserByEmail, findUserByProvider, insertUserWithConsent } from './users.repo'
import { localizedHref } from '#client/app/pages.ts'

/** The consent recorded when the client does not send the text it showed. */
export const DEFAULT_CONSENT = {
  version: 'register-2026-01',
  text: 'Legal age confirmed; terms and privacy policy accepted.',
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Registration and a new password (profile.service.ts) refuse the same common passwords. */
export function passwordRules(password: string, field = 'password') {
  if (isCommonPassword(password))
    throw new AppError('validation', { fields: { [field]: ['accounts.errors.password_common'] } })
}

/** E.164 form of a phone the contract already validated (registration and the profile store the same form). */
export const normalizePhone = (phone: string) => parsePhoneNumberFromString(phone)?.number ?? phone

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

// ── Flows that open the caller's session ─────────────────────────────────────────────────────

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
