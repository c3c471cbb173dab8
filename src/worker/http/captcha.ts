import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, Env } from '#worker/env'
import { sha256 } from '#worker/lib/crypto'
import { AppError } from './errors'
import { getDb } from '#worker/db/client'
import { takeWindowIfFree } from './rate-windows.repo'

// Turnstile (issue 3 §5, SPEC §5 "Only a valid captcha token is accepted", §7).
// https://developers.cloudflare.com/turnstile/get-started/server-side-validation/

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
/** Turnstile tokens are at most 2048 characters and valid for 300 s. */
export const CAPTCHA_MAX_LENGTH = 2048
const TOKEN_TTL_SEC = 300
const SITEVERIFY_TIMEOUT_MS = 3000

/** Turnstile's documented test secrets (https://developers.cloudflare.com/turnstile/troubleshooting/testing/). */
export const TEST_SECRETS = {
  pass: '1x0000000000000000000000000000000AA',
  fail: '2x0000000000000000000000000000000AA',
  spent: '3x0000000000000000000000000000000AA',
} as const
/** The token Turnstile's test site keys hand out; the local widget adds a unique suffix. */
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX'

/** Non-GET calls that need a captcha token (SPEC §7), plus recovery and the route suggestion, which send mail. */
export const CAPTCHA_PATHS = [
  '/v1/user',
  '/v1/user/recover/password',
  '/v1/feedback',
  '/v1/contact',
  '/v1/letstalk',
  '/v1/suggestion',
] as const

export type CaptchaVerdict = 'ok' | 'missing' | 'too_long' | 'replayed' | 'failed' | 'unavailable'

/**
 * Check one token. Fails closed: a missing, overlong, replayed or refused token, and a
 * siteverify that errs or takes longer than 3 s, all refuse. With the always-pass test secret
 * (local runs, which have no network) any sane token passes without a network call; the
 * other test secrets always refuse. Replays are refused in every mode (a used token is kept,
 * hashed, in D1's rate_windows for its 300 s lifetime), except for the test secret's own dummy token.
 */
export async function verifyCaptcha(
  env: Env,
  token: string | null | undefined,
  ip?: string | null,
): Promise<CaptchaVerdict> {
  if (!token || !token.trim()) return 'missing'
  if (token.length > CAPTCHA_MAX_LENGTH) return 'too_long'
  // Turnstile's always-pass test secret accepts its documented dummy token every time: it
  // stands for "a solved widget", not a single-use token. Clients that follow Cloudflare's
  // testing docs send exactly it, so it passes here too (never in production). Any other
  // token, including the local widget's suffixed ones, is single-use below.
  if (token === DUMMY_TOKEN && env.TURNSTILE_SECRET === TEST_SECRETS.pass && env.APP_ENV !== 'production') return 'ok'
  // Claim the token before answering, in one statement (a KV read then write let two requests
  // racing with the same token both pass): only the request that takes the mark goes on. A mark
  // frees itself after the token's lifetime, when Turnstile refuses the token anyway.
  const claimed = await takeWindowIfFree(
    getDb(env.DB),
    `captcha:${await sha256(token)}`,
    Date.now(),
    TOKEN_TTL_SEC * 1000,
  )
  if (!claimed) return 'replayed'

  const secret = env.TURNSTILE_SECRET
  if (secret === TEST_SECRETS.fail || secret === TEST_SECRETS.spent) return 'failed'
  if (secret === TEST_SECRETS.pass && env.APP_ENV !== 'production') return 'ok'
  if (!secret) return 'unavailable'

  try {
    const body = new FormData()
    body.append('secret', secret)
    body.append('response', token)
    if (ip) body.append('remoteip', ip)
    const res = await fetch(SITEVERIFY_URL, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    })
    if (!res.ok) return 'unavailable'
    const out = (await res.json()) as { success?: boolean }
    return out.success === true ? 'ok' : 'failed'
  } catch {
    return 'unavailable'
  }
}

/** The token of a request: the X-Captcha-Token header (src/client/api.ts) or a form field. */
export async function captchaTokenOf(c: Context<AppEnv>): Promise<string | null> {
  const header = c.req.header('x-captcha-token')
  if (header) return header
  const type = c.req.header('content-type') ?? ''
  if (type.includes('form')) {
    // parseBody caches the parsed body, so the route's validator still reads it afterwards.
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const v = body['captcha_token'] ?? body['cf-turnstile-response']
    if (typeof v === 'string') return v
  }
  return null
}

/** Refuses the request before its handler (so before anything is written) unless the captcha passes. */
export const requireCaptcha = createMiddleware<AppEnv>(async (c, next) => {
  const verdict = await verifyCaptcha(c.env, await captchaTokenOf(c), c.req.header('cf-connecting-ip'))
  if (verdict !== 'ok') throw new AppError('invalid_captcha')
  await next()
})

/** Mount on the app: captcha for every non-GET call to CAPTCHA_PATHS (exact paths). */
export const captchaGate = createMiddleware<AppEnv>(async (c, next) => {
  const m = c.req.method
  if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') return next()
  const path = c.req.path.length > 1 && c.req.path.endsWith('/') ? c.req.path.slice(0, -1) : c.req.path
  if (!(CAPTCHA_PATHS as readonly string[]).includes(path)) return next()
  return requireCaptcha(c, next)
})
