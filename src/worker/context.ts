// What every service function receives (issue 13 §3: one service signature, `fn(ctx, input)`):
// the request's bindings and caller, without knowing it is a request (CONVENTIONS 6).
import type { Context } from 'hono'
import type { Locale } from '#shared/i18n/index'
import { getDb, type Db } from '#worker/db/client'
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
  /**
   * The caller as D1's primary has them now (once per request), for a service behind
   * requireAuthorityAtWrite that confirms them beside its first read (identity/caller.ts confirmedMe).
   */
  authority?: () => Promise<SessionUser | null>
  /** A write held the caller's session in its SQL and it held (decision 089): the request knows. */
  sessionHeld?: () => void
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
    authority: c.var.confirmUser,
    sessionHeld: () => c.set('sessionHeld', true),
    waitUntil: (p) => {
      try {
        c.executionCtx.waitUntil(p)
      } catch {
        // no execution context (direct calls in tests): let it run on its own
      }
    },
  }
}

const keepGoing: Ctx['waitUntil'] = (p) => void p.catch((err: unknown) => console.warn('background work failed', err))

/**
 * The service context of work outside any request (a cron job, a queue consumer, a test that
 * runs one): nobody's, in Spanish, links to APP_URL, on `env.DB` as the entry point hands it
 * (counted, by cron/index.ts and queues/index.ts). Built once at the entry and passed down, so
 * no feature builds its own database handle (issue 33 §4). Work handed to `waitUntil` runs on
 * its own unless the entry collects it (asJob).
 */
export function jobCtx(env: Env, waitUntil: Ctx['waitUntil'] = keepGoing): Ctx {
  return {
    env,
    db: getDb(env.DB),
    locale: 'es',
    user: null,
    ip: null,
    linkBase: env.APP_URL.replace(/\/$/, ''),
    waitUntil,
  }
}

/**
 * A service call outside any request (a cron job, a queue consumer), in jobCtx's context. Work
 * it hands to `waitUntil` (mail) is awaited before it resolves: a scheduled run has no answer to
 * wait for.
 */
export async function asJob<T>(env: Env, run: (ctx: Ctx) => Promise<T>): Promise<T> {
  const pending: Promise<unknown>[] = []
  try {
    return await run(jobCtx(env, (p) => void pending.push(p)))
  } finally {
    await Promise.allSettled(pending)
  }
}
