// Sign-in that holds under attack, and membership that is costly to probe (issue 14 §1–2,
// issue 20 §7; numbers in docs/API.md "Sign-in and registration limits"). Statements in
// counters.repo.ts: attempts are COUNTED (one atomic upsert per account and per address and
// window), never stored one row each.
//
// - Nobody is locked out: past CAPTCHA_AFTER failures of an account, or PER_ADDRESS failures
//   from an address (a shared office network, a carrier NAT), every attempt needs a solved
//   captcha; the right password with a solved captcha always signs in, from any address, while
//   a guesser or a sprayer pays a captcha per guess.
// - The owner hears of it, kindly and once a day at most: many failed sign-ins, or someone
//   registering with their email.
import type { Ctx } from '#worker/context'
import type { Db } from '#worker/db/client'
import type { User } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import { verifyCaptcha } from '#worker/http/captcha'
import { takeCooldown } from '#worker/http/ratelimit'
import { hmac, serverSecret } from '#worker/lib/crypto'
import { sendMail } from '#worker/mail/send'
import { clearCounts, countAttempt, deleteCountersBefore, peekCount, uncount, type Counted } from './counters.repo'
import { localizedHref } from '#client/app/pages.ts'

const MINUTE = 60_000
export const SIGN_IN_LIMITS = {
  /** Sliding window over which failures are counted. */
  windowMs: 15 * MINUTE,
  /** Failures of one account after which each attempt needs a captcha. */
  captchaAfter: 5,
  /** Failures of one account after which its owner is told (once a day at most). */
  noticeAfter: 10,
  /** Failures from one address after which every attempt from it needs a captcha (never a wait). */
  perAddress: 50,
}
export const REGISTER_PROBE_LIMITS = {
  windowMs: 60 * MINUTE,
  /** Registrations from one address that hit an existing email, after which it waits. */
  perAddress: 3,
}
/** At most one security notice of each kind per account per day. */
export const NOTICE_COOLDOWN_MS = 24 * 60 * MINUTE
/** Counter windows are kept a day, then deleted by the cron. */
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
 * Before a password is checked: the attempt is counted against the account and the address
 * (as a failure until it succeeds), then a captcha is asked for when either is past its limit.
 * The same answers for an email with or without an account.
 */
export async function openSignIn(
  ctx: Ctx,
  email: string,
  captchaToken: string | null | undefined,
  now = Date.now(),
): Promise<SignInGate> {
  const db = ctx.db
  const account: Counted = { kind: 'sign_in:account', subject: await accountKey(ctx, email) }
  const address: Counted = { kind: 'sign_in:address', subject: addressOf(ctx) }
  const { counts, windowStart } = await countAttempt(db, [account, address], now, SIGN_IN_LIMITS.windowMs)
  const [seenAccount, seenAddress] = counts as [number, number]
  // The counts include this attempt: the first CAPTCHA_AFTER (PER_ADDRESS) go through without one.
  if (seenAccount > SIGN_IN_LIMITS.captchaAfter || seenAddress > SIGN_IN_LIMITS.perAddress) {
    const verdict = await verifyCaptcha(ctx.env, captchaToken, ctx.ip)
    if (verdict !== 'ok') throw new AppError('captcha_required')
  }
  return {
    async failed(user) {
      if (user && seenAccount >= SIGN_IN_LIMITS.noticeAfter) await noticeOnce(ctx, user, 'sign_in_failures')
    },
    async succeeded() {
      // The account's failures are forgotten; this attempt is taken back from the address.
      await Promise.all([clearCounts(db, account), uncount(db, address, windowStart)])
    },
  }
}

const probes = (ctx: Ctx): Counted => ({ kind: 'register_taken:address', subject: addressOf(ctx) })

/** Before a registration: an address that has hit existing emails too often this hour waits. */
export async function checkRegisterProbes(ctx: Ctx, now = Date.now()) {
  const n = await peekCount(ctx.db, probes(ctx), now, REGISTER_PROBE_LIMITS.windowMs)
  if (n >= REGISTER_PROBE_LIMITS.perAddress)
    throw new AppError('rate_limited', { message: 'accounts.errors.register_wait' })
}

/** A registration hit `owner`'s email: count it against the address and tell the owner. */
export async function registerHitExisting(ctx: Ctx, owner: User, now = Date.now()) {
  await countAttempt(ctx.db, [probes(ctx)], now, REGISTER_PROBE_LIMITS.windowMs)
  await noticeOnce(ctx, owner, 'register_attempt')
}

/**
 * Tell the owner, in their language, at most once per NOTICE_COOLDOWN_MS (one atomic statement
 * on rate_windows decides, so concurrent attempts send one mail). A mail failure never changes
 * the answer the caller gets: it would tell them something about the account.
 */
async function noticeOnce(ctx: Ctx, owner: User, template: 'sign_in_failures' | 'register_attempt') {
  if (!owner.email) return
  const { ok } = await takeCooldown(ctx.db, `notice:${template}:${owner.id}`, NOTICE_COOLDOWN_MS)
  if (!ok) return
  const locale = owner.language
  const link = (id: 'login' | 'recover') => `${ctx.linkBase}${localizedHref(locale, id)}`
  try {
    await sendMail(
      ctx.env,
      {
        to: owner.email,
        template,
        locale,
        data: { name: owner.name, login: link('login'), recover: link('recover') },
      },
      ctx.waitUntil,
    )
  } catch (err) {
    console.warn(`${template} notice for user ${owner.id} not queued:`, err instanceof Error ? err.message : err)
  }
}

/** Minute cron, once an hour: counter windows older than a day are of no use to any count. */
export async function forgetOldAttempts(now: Date, db: Db) {
  if (now.getUTCMinutes() !== 0) return 0
  return deleteCountersBefore(db, now.getTime() - ATTEMPTS_KEPT_MS)
}
