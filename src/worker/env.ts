import type { Db } from '#worker/db/client'
import type { User } from '#worker/db/schema'
import type { Locale, Translate } from '#shared/i18n/index'

/** Every binding and variable of wrangler.toml, in one place (DESIGN §1). */
export interface Env {
  DB: D1Database
  MEDIA: R2Bucket
  KV: KVNamespace
  ASSETS: Fetcher
  CHANNELS: DurableObjectNamespace<import('#worker/durable/NotificationChannel').NotificationChannel>
  SCHEDULES: DurableObjectNamespace<import('#worker/durable/HostSchedule').HostSchedule>
  /** Queues (wrangler.toml, issue 22): outbox ids to send, and blocks of a notice's audience / pushes. */
  MAIL_QUEUE: Queue<import('#worker/queues/messages').MailMessage>
  FANOUT_QUEUE: Queue<import('#worker/queues/messages').FanoutMessage>
  APP_ENV: 'production' | 'staging' | 'local' | 'test'
  APP_URL: string
  TURNSTILE_SITE_KEY: string
  TURNSTILE_SECRET: string
  EMAIL_FROM: string
  /** Where every stored form request (contact, letstalk, feedback, suggestion) is mailed to the team. */
  TEAM_INBOX: string
  EMAIL_API_KEY?: string
  /**
   * The mail provider's origin (Resend's API shape), default https://api.resend.com. Set in a
   * local run (the scale bench's fake provider), mail goes through the queue to it instead of
   * stopping at the local outbox.
   */
  EMAIL_API_URL?: string
  /**
   * Requests a second the mail provider allows this team (Resend's default 2, raised on request);
   * every consumer's calls are paced under it (docs/decisions/040).
   */
  EMAIL_RATE_PER_SECOND?: string
  GOOGLE_CLIENT_ID: string
  APPLE_CLIENT_ID: string
  /** Ad and analytics vendors (issue 8 §5): loaded only after consent, only on marketing pages. Unset: none. */
  GA_MEASUREMENT_ID?: string
  META_PIXEL_ID?: string
  /** Google Ads conversion: 'AW-<id>/<label>'. */
  GOOGLE_ADS_CONVERSION?: string
  /** Secret: Stripe's API key (features/payments/stripe.ts). Local runs have none: the dev checkout pays. */
  STRIPE_SECRET_KEY?: string
  /** Stripe price ids of the catalogue's items, 'monthly=price_…,yearly=price_…' (src/shared/catalogue.ts); an item without one is priced inline. */
  STRIPE_PRICES?: string
  /** Unsplash's access key: POST /v1/post/update_image_using_unsplash answers 'not configured' without it (issue 12 §4). */
  UNSPLASH_ACCESS_KEY?: string
  /** An OpenAI-compatible chat API for GET /v1/ai/post/{target}; AI_API_URL and AI_MODEL default to OpenAI's. */
  AI_API_KEY?: string
  AI_API_URL?: string
  AI_MODEL?: string
  STRIPE_WEBHOOK_SECRET?: string
  SESSION_PEPPER?: string
  /** Web Push (issue 34 §1, src/worker/push): the VAPID public key (base64url, 65 bytes), given to browsers. */
  VAPID_PUBLIC_KEY?: string
  /** Secret: the VAPID private key (base64url, the 32-byte P-256 scalar) that signs each push's JWT. */
  VAPID_PRIVATE_KEY?: string
  /** The VAPID JWT's `sub`: a mailto: or https: contact the push services may write to. */
  VAPID_SUBJECT?: string
  /**
   * Local and test runs only (issue 43 §3): every D1 round waits this many ms, as one to a far
   * primary or replica does (db/rounds.ts d1DelayOf). A deployed Worker refuses to run with it.
   */
  D1_DELAY_MS?: string
  /** Push service hosts a subscription may name besides the real ones (src/worker/push/hosts.ts): local fakes only. */
  PUSH_SERVICE_HOSTS?: string
  /** Only in tests: the migrations vitest reads from ./migrations. */
  TEST_MIGRATIONS?: { name: string; queries: string[] }[] // cloudflare:test's D1Migration, named here so Node scripts can read this file
}

/** The signed-in caller, as the rest of the Worker sees it. */
export interface SessionUser {
  id: number
  role: number
  name: string | null
  email: string | null
  language: Locale
  subscriber: boolean
  /** A patient's free access (3 days, SPEC §9) is over and they are not a subscriber. */
  accessExpired?: boolean
  /**
   * The caller's whole users row, read once per request by the session lookup
   * (identity/): handlers that need more of the user read it here, not again.
   * KV's copy (up to 60 s old elsewhere) unless `confirmed`.
   */
  row: User
  /**
   * The row (role, subscriber…) was read from D1's primary in this request, and the session
   * found still valid there (staff, and calls behind requireAuthority: docs/decisions/038).
   */
  confirmed?: boolean
  /** How this request was signed in (identity/). */
  session?: {
    /** HMAC of the token: the KV key, never the token itself. */
    hash: string
    via: 'bearer' | 'cookie'
    /** The page CSRF token of this session (http/csrf.ts). */
    csrf: string
    expiresAt: number
    remember: boolean
    /** Opened by a recovery link moments ago: may set a new password without the old one. */
    recovery: boolean
    /** Fingerprint of the password the session was opened with (identity/). */
    fp?: string
    /** The person's data version: changes with any of their rows (http/person-cache.ts). */
    dv?: string
    /** The D1 bookmark this request brought (http/context.ts), part of the person-cache key. */
    bookmark?: string
  }
}

/** Per-request values set by middleware (CONVENTIONS 8). */
export interface Vars {
  db: Db
  /** This request's D1 rounds and calls so far (db/rounds.ts, http/context.ts). */
  d1: import('#worker/db/rounds').D1Rounds
  locale: Locale
  t: Translate
  user: SessionUser | null
  /**
   * The session could not be read (KV or D1 failed): `user` is null, the request goes on as a
   * visitor's, and what needs a user answers 503 instead of 401 (http/auth.ts).
   */
  sessionUnavailable?: boolean
  /**
   * The caller confirmed against D1's primary, once per request (identity/):
   * null when their session no longer holds there. Sets `user` to the confirmed caller.
   */
  confirmUser?: () => Promise<SessionUser | null>
  /**
   * A write of this request held the caller's session in its own SQL, and it held (decision 089,
   * identity/records.ts sessionHolds): KV's copy of the caller is D1's at that moment.
   */
  sessionHeld?: boolean
  /** The caller's confirmation answered that their session no longer holds (identity/caller.ts). */
  sessionEnded?: boolean
  /** This call's service confirms its caller (http/auth.ts requireAuthorityAtWrite). */
  confirmsInService?: boolean
  requestId: string
  secureHeadersNonce?: string
}

export type AppEnv = { Bindings: Env; Variables: Vars }

export const isLocalEnv = (env: Env) => env.APP_ENV === 'local' || env.APP_ENV === 'test'

/** Turnstile's documented test keys, site keys and secrets alike ('1x…AA', '2x…AB', '3x…FF'). */
const TURNSTILE_TEST_KEY = /^\dx0+[A-F]{2}$/

type SettingCheck = (value: string | undefined) => string | null
const present: SettingCheck = (v) => (v ? null : 'missing')
const notTestKey: SettingCheck = (v) => (!v ? 'missing' : TURNSTILE_TEST_KEY.test(v) ? 'a Turnstile test key' : null)

/** base64url (unpadded) of exactly `bytes` bytes. */
const base64urlOf = (v: string, bytes: number) => /^[A-Za-z0-9_-]+$/.test(v) && v.length === Math.ceil((bytes * 4) / 3)
/**
 * The VAPID public key of config/local.vars (committed, so known to anyone): refused in
 * production as Turnstile's test keys are. Its private half is in the repository too.
 */
const LOCAL_VAPID_PUBLIC_KEY = 'BL5nodzmDp_mphdPHRGVQ8FbwXTphmwPDMbveSjYTlPZytC18ucrikdsqc10AziwC5eqpfBPiWZ9l6Nycw96Nhs'

/**
 * What a deployed Worker cannot run without, in one place (README "Deploy",
 * docs/decisions/015-production-by-default.md). Every APP_ENV but `local` and `test` is
 * deployed, so a missing or misspelt APP_ENV counts as production. Each check answers why a
 * value is unusable, or null. Local runs get these from config/local.vars. When a feature
 * starts to need a setting, add it here.
 */
export const PRODUCTION_SETTINGS = {
  /** Secret: keys session-token hashes and signed links (lib/crypto.ts). */
  SESSION_PEPPER: (v) => (!v ? 'missing' : v.length < 32 ? 'shorter than 32 characters' : null),
  /** Secret: Turnstile's server key (http/captcha.ts); a test key would accept any token. */
  TURNSTILE_SECRET: notTestKey,
  /** The widget's public key; a test key's tokens are refused by the real secret. */
  TURNSTILE_SITE_KEY: notTestKey,
  /** Secret: the mail provider's key (features/mail); without it no sign-in link leaves. */
  EMAIL_API_KEY: present,
  /** Secret: Stripe's API key; without it nothing can be bought (features/payments). */
  STRIPE_SECRET_KEY: present,
  /** Secret: the webhook endpoint's signing secret (whsec_…); without it no payment is ever applied. */
  STRIPE_WEBHOOK_SECRET: present,
  /**
   * Web Push (issue 41): the public key browsers subscribe with, an uncompressed P-256 point
   * (65 bytes, first 0x04, so base64url 'B…'); never the local pair. That the private key is its
   * pair is checked too, once per isolate (http/config.ts, push/vapid.ts).
   */
  VAPID_PUBLIC_KEY: (v) =>
    !v
      ? 'missing'
      : !base64urlOf(v, 65) || !v.startsWith('B')
        ? 'not a base64url P-256 public key'
        : v === LOCAL_VAPID_PUBLIC_KEY
          ? 'the local key of config/local.vars'
          : null,
  /** Secret: the private scalar d (32 bytes, base64url) that signs each push's JWT. */
  VAPID_PRIVATE_KEY: (v) => (!v ? 'missing' : base64urlOf(v, 32) ? null : 'not a base64url 32-byte P-256 key'),
  /** The JWT's `sub`: a contact push services may write to (RFC 8292 §2.1). */
  VAPID_SUBJECT: (v) =>
    !v ? 'missing' : /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v) ? null : 'not a mailto: or https: contact',
  /** Where links in mail point (context.ts linkBase). */
  APP_URL: (v) => (!v ? 'missing' : /^https:\/\/[^/?#]+\/?$/.test(v) ? null : 'not an https:// origin'),
  /** A local run's simulated distance to D1 (db/rounds.ts): never in a deployed Worker. */
  D1_DELAY_MS: (v) => (v ? 'for local and test runs only' : null),
} as const satisfies Partial<Record<keyof Env, SettingCheck>>

/** What is wrong with a deployed Worker's settings, as "NAME (why)"; empty when it may run. */
export function settingProblems(env: Env): string[] {
  if (isLocalEnv(env)) return []
  const problems: string[] = []
  for (const [name, check] of Object.entries(PRODUCTION_SETTINGS) as [
    keyof typeof PRODUCTION_SETTINGS,
    SettingCheck,
  ][]) {
    const value = env[name] as unknown
    const why = check(typeof value === 'string' ? value.trim() || undefined : undefined)
    if (why) problems.push(`${name} (${why})`)
  }
  return problems
}
