import type { Db } from './db/client'
import type { Locale, Translate } from '#shared/i18n/index'

/** Every binding and variable of wrangler.toml, in one place (DESIGN §1). */
export interface Env {
  DB: D1Database
  MEDIA: R2Bucket
  KV: KVNamespace
  ASSETS: Fetcher
  CHANNELS: DurableObjectNamespace<import('./durable/NotificationChannel').NotificationChannel>
  SCHEDULES: DurableObjectNamespace<import('./durable/HostSchedule').HostSchedule>
  APP_ENV: 'production' | 'staging' | 'local' | 'test'
  APP_URL: string
  TURNSTILE_SITE_KEY: string
  TURNSTILE_SECRET: string
  EMAIL_FROM: string
  EMAIL_API_KEY?: string
  GOOGLE_CLIENT_ID: string
  APPLE_CLIENT_ID: string
  STRIPE_SECRET_KEY?: string
  STRIPE_WEBHOOK_SECRET?: string
  SESSION_PEPPER?: string
  /** Only in tests: the migrations vitest reads from ./migrations. */
  TEST_MIGRATIONS?: import('cloudflare:test').D1Migration[]
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
  /** How this request was signed in (features/users/session.ts). */
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
  }
}

/** Per-request values set by middleware (CONVENTIONS 8). */
export interface Vars {
  db: Db
  locale: Locale
  t: Translate
  user: SessionUser | null
  requestId: string
  secureHeadersNonce?: string
}

export type AppEnv = { Bindings: Env; Variables: Vars }

export const isLocalEnv = (env: Env) => env.APP_ENV === 'local' || env.APP_ENV === 'test'
