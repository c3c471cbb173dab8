// Sign-in that holds under attack, and membership that is costly to probe (issue 14 §1–2;
// numbers in docs/API.md "Sign-in and registration limits"). Statements in attempts.repo.ts.
//
// - An account is never locked: past CAPTCHA_AFTER failures in the sliding window every attempt
//   needs a solved captcha, so its owner can always sign in with the right password and a
//   captcha, while a guesser pays a captcha per guess.
// - An address that fails too often waits (429), whichever accounts it tries; others do not.
// - The owner hears of it, kindly and once a day at most: many failed sign-ins, or someone
//   registering with their email.
import type { Ctx } from '#worker/context'
import type { User } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import { verifyCaptcha } from '#worker/http/captcha'
import { takeCooldown } from '#worker/http/ratelimit'
import { hmac, serverSecret } from '#worker/lib/crypto'
import { localizePath } from '#shared/i18n/index'
import { sendMail } from '#worker/features/mail/mail.service'
import { clearAccount, countFromAddress, deleteAttemptsBefore, recordAndCount, recordAttempt } from './attempts.repo'

const MINUTE = 60_000
export const SIGN_IN_LIMITS = {
  /** Sliding window over which failures are counted. */
  windowMs: 15 * MINUTE,
  /** Failures of one account after which each attempt needs a captcha. */
  captchaAfter: 5,
  /** Failures of one account after which its owner is told (once a day at most). */
  noticeAfter: 10,
  /** Failures from one address after which it waits until its window slides. */
  perAddress: 50,
}
export const REGISTER_PROBE_LIMITS = {
  windowMs: 60 * MINUTE,
  /** Registrations from one address that hit an existing email, after which it waits. */
  perAddress: 3,
}
/** At most one security notice of each kind per account per day. */
export const NOTICE_COOLDOWN_MS = 24 * 60 * MINUTE
/** Attempts are kept a day, then deleted by the cron. */
export const ATTEMPTS_KEPT_MS = 24 * 60 * MINUTE

/** The stored key of an email: an HMAC, so the table never holds the addresses people tried. */
const accountKey = (ctx: Ctx, email: string) => hmac(serverSecret(ctx.env), `attempt:${email.trim().toLowerCase()}`)
const addressOf = (ctx: Ctx) => ctx.ip ?? 'unknown'

export interface SignInGate {
  /** Call when the password was wrong (or the email unknown). */
  failed(user: User | undefined): Promise<void>
  /** Call when the person signed in: their account's failures are forgotten. */
  succeeded(): Promise<void>
}

/**
 * Before a password is checked: the attempt is recorded (counted as a failure until it
 * succeeds), then the address may be told to wait and the account may ask for a captcha.
 * The same answers for an email with or without an account.
 */
export async function openSignIn(ctx: Ctx, email: string, captchaToken: string | null | undefined, now = Date.now()): Promise<SignInGate> {
  const d1 = ctx.env.DB
  const account = await accountKey(ctx, email)
  const seen = await recordAndCount(d1, 'sign_in', account, addressOf(ctx), now, SIGN_IN_LIMITS.windowMs)
  if (seen.address > SIGN_IN_LIMITS.perAddress) throw new AppError('rate_limited', { message: 'accounts.errors.sign_in_wait' })
  // `seen.account` counts this attempt: the first CAPTCHA_AFTER go through without one.
  if (seen.account > SIGN_IN_LIMITS.captchaAfter) {
    const verdict = await verifyCaptcha(ctx.env, captchaToken, ctx.ip)
    if (verdict !== 'ok') throw new AppError('captcha_required')
  }
  return {
    async failed(user) {
      if (user && seen.account >= SIGN_IN_LIMITS.noticeAfter) await noticeOnce(ctx, user, 'sign_in_failures')
    },
    async succeeded() {
      await clearAccount(d1, 'sign_in', account)
    },
  }
}

/** Before a registration: an address that has hit existing emails too often this hour waits. */
export async function checkRegisterProbes(ctx: Ctx, now = Date.now()) {
  const n = await countFromAddress(ctx.env.DB, 'register_taken', addressOf(ctx), now - REGISTER_PROBE_LIMITS.windowMs)
  if (n >= REGISTER_PROBE_LIMITS.perAddress) throw new AppError('rate_limited', { message: 'accounts.errors.register_wait' })
}

/** A registration hit `owner`'s email: count it against the address and tell the owner. */
export async function registerHitExisting(ctx: Ctx, owner: User, email: string, now = Date.now()) {
  await recordAttempt(ctx.env.DB, 'register_taken', await accountKey(ctx, email), addressOf(ctx), now)
  await noticeOnce(ctx, owner, 'register_attempt')
}

/**
 * Tell the owner, in their language, at most once per NOTICE_COOLDOWN_MS (one atomic statement
 * on rate_windows decides, so concurrent attempts send one mail). A mail failure never changes
 * the answer the caller gets: it would tell them something about the account.
 */
async function noticeOnce(ctx: Ctx, owner: User, template: 'sign_in_failures' | 'register_attempt') {
  if (!owner.email) return
  const { ok } = await takeCooldown(ctx.env.DB, `notice:${template}:${owner.id}`, NOTICE_COOLDOWN_MS)
  if (!ok) return
  const locale = owner.language
  const link = (path: string) => `${ctx.linkBase}${localizePath(path, locale)}`
  try {
    await sendMail(ctx.env, { to: owner.email, template, locale, data: { name: owner.name, login: link('/login'), recover: link('/recover') } }, ctx.waitUntil)
  } catch (err) {
    console.warn(`${template} notice for user ${owner.id} not queued:`, err instanceof Error ? err.message : err)
  }
}

/** Minute cron, once an hour: attempts older than a day are of no use to any window. */
export async function forgetOldAttempts(now: Date, d1: D1Database) {
  if (now.getUTCMinutes() !== 0) return 0
  return deleteAttemptsBefore(d1, now.getTime() - ATTEMPTS_KEPT_MS)
}
