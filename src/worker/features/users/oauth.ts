// The page side of Google and Apple sign-in (issue 3 §4, §10): the OpenID Connect redirect
// flow with `response_mode=form_post`, so no provider script runs on our pages (the CSP allows
// only Turnstile). GET /auth/<provider> remembers a state and a nonce and sends the browser to
// the provider; the provider POSTs the ID token back to /auth/<provider>/callback, where it is
// verified like any other (signature against the JWKS, issuer, audience, expiry, and the nonce).
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { isLocale, type Locale } from '#shared/i18n/index'
import { landingPage } from '#shared/pages'
import { safeRedirect } from '#shared/redirect'
import type { AppEnv } from '#worker/env'
import { AppError } from '#worker/http/errors'
import { randomToken, safeEqual, sha256 } from '#worker/lib/crypto'
import { createSession, endSession } from '#worker/identity/sessions'
import type { Provider } from './providers'
import { authenticate, DEFAULT_CONSENT } from './accounts.service'
import { ctxOf, linkBase } from '#worker/context'
import { localizedHref } from '#client/app/pages.ts'

const STATE_COOKIE = 'calma_oauth'
const STATE_TTL_SEC = 10 * 60

interface FlowState {
  nonce: string
  /** Where the person asked to go back to; '' (or absent): their landing, known once signed in. */
  redirect?: string
  locale: Locale
}

const AUTHORIZE: Record<
  Provider,
  (p: { clientId: string; redirectUri: string; state: string; nonce: string; locale: Locale }) => string
> = {
  google: (p) =>
    `https://accounts.google.com/o/oauth2/v2/auth?${new URLSearchParams({
      client_id: p.clientId,
      redirect_uri: p.redirectUri,
      response_type: 'id_token',
      response_mode: 'form_post',
      scope: 'openid email profile',
      state: p.state,
      nonce: p.nonce,
      prompt: 'select_account',
      hl: p.locale,
    })}`,
  apple: (p) =>
    `https://appleid.apple.com/auth/authorize?${new URLSearchParams({
      client_id: p.clientId,
      redirect_uri: p.redirectUri,
      response_type: 'code id_token',
      response_mode: 'form_post',
      scope: 'name email',
      state: p.state,
      nonce: p.nonce,
    })}`,
}

const isProvider = (v: string): v is Provider => v === 'google' || v === 'apple'

const clientId = (c: Context<AppEnv>, provider: Provider) =>
  ((provider === 'google' ? c.env.GOOGLE_CLIENT_ID : c.env.APPLE_CLIENT_ID) ?? '').split(',')[0]!.trim()

/** GET /auth/<provider>: remember a state and a nonce, and send the browser to the provider. */
export async function startProviderFlow(c: Context<AppEnv>) {
  const provider = c.req.param('provider') ?? ''
  if (!isProvider(provider) || !clientId(c, provider)) throw new AppError('not_found')
  const lang = c.req.query('lang')
  const locale: Locale = isLocale(lang) ? lang : c.var.locale
  const state = randomToken()
  const flow: FlowState = {
    nonce: randomToken(),
    redirect: safeRedirect(c.req.query('redirect'), ''),
    locale,
  }
  await c.env.KV.put(`oauth:${await sha256(state)}`, JSON.stringify(flow), { expirationTtl: STATE_TTL_SEC })
  // SameSite=None: the provider comes back with a cross-site POST, which a Lax cookie would miss.
  setCookie(c, STATE_COOKIE, state, {
    path: '/auth',
    httpOnly: true,
    secure: true,
    sameSite: 'None',
    maxAge: STATE_TTL_SEC,
  })
  return c.redirect(
    AUTHORIZE[provider]({
      clientId: clientId(c, provider),
      redirectUri: `${linkBase(c)}/auth/${provider}/callback`,
      state,
      nonce: flow.nonce,
      locale,
    }),
    302,
  )
}

/** POST /auth/<provider>/callback: the provider's form post with the ID token, verified; a session. */
export async function finishProviderFlow(c: Context<AppEnv>) {
  const provider = c.req.param('provider') ?? ''
  if (!isProvider(provider)) throw new AppError('not_found')
  const form = await c.req.parseBody()
  const state = typeof form.state === 'string' ? form.state : ''
  const cookie = getCookie(c, STATE_COOKIE) ?? ''
  deleteCookie(c, STATE_COOKIE, { path: '/auth', secure: true, httpOnly: true, sameSite: 'None' })
  const key = `oauth:${await sha256(state)}`
  const flow = state && cookie && safeEqual(state, cookie) ? await c.env.KV.get<FlowState>(key, 'json') : null
  if (flow) await c.env.KV.delete(key)
  const locale = flow?.locale ?? c.var.locale
  const failed = (reason = 'failed') =>
    c.redirect(`${localizedHref(locale, 'login')}?error=provider&provider=${provider}&reason=${reason}`, 303)
  const idToken = typeof form.id_token === 'string' ? form.id_token : ''
  if (!flow || !idToken) return failed()

  // Apple sends the name once, on the first sign-in, as JSON in the `user` field.
  let name: string | undefined
  if (typeof form.user === 'string') {
    try {
      const u = JSON.parse(form.user) as { name?: { firstName?: string; lastName?: string } }
      name = [u.name?.firstName, u.name?.lastName].filter(Boolean).join(' ').slice(0, 100) || undefined
    } catch {
      // ignore a malformed user field
    }
  }
  try {
    const { user } = await authenticate(ctxOf(c, locale), {
      ...(provider === 'google' ? { google_id_token: idToken } : { apple_id_token: idToken }),
      nonce: flow.nonce,
      // The buttons say that continuing confirms legal age and accepts the terms.
      legal_age: true,
      consent_text: 'Continued with Google or Apple: legal age confirmed; terms and privacy policy accepted.',
      consent_version: DEFAULT_CONSENT.version,
      name,
      language: locale,
    })
    if (c.var.user) await endSession(c, { replaced: true })
    await createSession(c, user, { remember: true })
    // Checked again on the way out: a flow stored by an older version may hold anything.
    // Staff land on their own work, others on their plan (issue 42 §8, shared/pages landingPath).
    return c.redirect(safeRedirect(flow.redirect, localizedHref(locale, landingPage(user.role))), 303)
  } catch (err) {
    if (err instanceof AppError) return failed(err.code === 'conflict' ? 'email_taken' : 'failed')
    throw err
  }
}
