// What every service function receives (issue 13 §3: one service signature, `fn(ctx, input)`):
// the request's bindings and caller, without knowing it is a request (CONVENTIONS 6).
import type { Context } from 'hono'
import type { Locale } from '#shared/i18n/index'
import type { Db } from '#worker/db/client'
import { isLocalEnv, type AppEnv, type Env, type SessionUser } from '#worker/env'

export interface Ctx {
  env: Env
  db: Db
  locale: Locale
  /** The signed-in caller, or null for a visitor. */
  user: SessionUser | null
  ip: string | null
  /** Origin that links in mail point to. */
  linkBase: string
  /** Work that may finish after the answer (mail delivery). */
  waitUntil: (p: Promise<unknown>) => void
}

/** Where links in mail point: the configured APP_URL; locally the origin the app runs on. */
export function linkBase(c: Context<AppEnv>) {
  return isLocalEnv(c.env) ? new URL(c.req.url).origin : c.env.APP_URL.replace(/\/$/, '')
}

/** The service context of a request (`locale` overrides the request's, e.g. a provider flow's). */
export function ctxOf(c: Context<AppEnv>, locale: Locale = c.var.locale): Ctx {
  return {
    env: c.env,
    db: c.var.db,
    locale,
    user: c.var.user,
    ip: c.req.header('cf-connecting-ip') ?? null,
    linkBase: linkBase(c),
    waitUntil: (p) => {
      try {
        c.executionCtx.waitUntil(p)
      } catch {
        // no execution context (direct calls in tests): let it run on its own
      }
    },
  }
}
