import { exports } from 'cloudflare:workers'
import { expect } from 'vitest'
import { callFor } from '#shared/contract/index'
import { failureSchema } from '#shared/contract/common'

/** How many /v1 answers the tests held to the contract in this file (see `api`). */
export const contractChecks = { answers: 0 }

/**
 * Every /v1 answer a test receives is parsed with its call's schema (issue 13 §2): the success
 * envelope with the call's response schema, a refusal with the common failure envelope. An
 * answer that drifts from the contract fails the test that received it.
 */
async function holdToContract(method: string, path: string, res: Response) {
  const url = new URL(path, 'http://localhost')
  // A HEAD's answer has no body to hold (its GET's is held).
  if (!url.pathname.startsWith('/v1/') || method === 'HEAD') return
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => undefined)
  const ok = typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true
  const call = callFor(method, url.pathname.slice(3))
  const schema = ok ? call?.response : failureSchema
  if (ok && !call)
    throw new Error(`contract: ${method} ${url.pathname} answered success but no call of src/shared/contract names it`)
  const parsed = schema!.safeParse(body)
  if (!parsed.success) {
    throw new Error(
      `contract drift: ${method} ${url.pathname} (${res.status}) does not match its ${ok ? 'response' : 'failure'} schema: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`,
    )
  }
  contractChecks.answers++
}

/** Call the Worker as a browser or API client would, through its real fetch handler. */
export async function api(path: string, init: RequestInit & { locale?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers)
  headers.set('accept', 'application/json')
  if (init.locale) headers.set('locale', init.locale)
  let body = init.body
  if (init.form) {
    const fd = new FormData()
    for (const [k, v] of Object.entries(init.form)) fd.append(k, v)
    body = fd
  }
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, {
    ...init,
    headers,
    body,
  })
  await holdToContract(init.method ?? 'GET', path, res)
  return res
}

export async function json<T = Record<string, any>>(res: Response): Promise<T> {
  return (await res.json()) as T
}

/** The bindings of a production run: every setting PRODUCTION_SETTINGS requires, with test values. */
export const PRODUCTION_VARS = {
  APP_ENV: 'production',
  APP_URL: 'https://calma.example',
  SESSION_PEPPER: 'p'.repeat(40),
  TURNSTILE_SECRET: 'prod-secret',
  TURNSTILE_SITE_KEY: 'prod-site-key',
  EMAIL_API_KEY: 'prod-email-key',
  STRIPE_SECRET_KEY: 'sk_live_prod',
  STRIPE_WEBHOOK_SECRET: 'whsec_prod',
  // A pair made for the tests (production refuses config/local.vars' own: issue 41).
  VAPID_PUBLIC_KEY: 'BD-PJ6ZnLOUZdCzg5mMwmlWiFoj8ey3vCV5q3QwCBtA3TE0Qy7eOFGqv_WTueXBiONHiARp3wJdyjur2fE9MfUA',
  VAPID_PRIVATE_KEY: 'ETZc2S5r6Uxj58Mw7eynwOewqLuWvw4R1dZTMcAJoTI',
  VAPID_SUBJECT: 'mailto:equipo@calma.example',
} as const

/**
 * A test changed users rows straight in D1: what the product's own writes do next (their
 * sessions carry the row, identity/sessions.ts refreshSessions), done here too.
 */
export async function userChanged(...ids: number[]) {
  const { refreshSessions } = await import('#worker/identity/sessions')
  const { env } = await import('cloudflare:test')
  for (const id of ids) await refreshSessions(env as never, id)
}

/** The minute cron through the Worker's scheduled handler, as Cloudflare runs it at `at`. */
export async function minuteCron(runEnv?: object, at = Date.now()) {
  const { createExecutionContext, createScheduledController, env, waitOnExecutionContext } =
    await import('cloudflare:test')
  const { default: worker } = await import('#worker/index')
  const ctx = createExecutionContext()
  await worker.scheduled(
    createScheduledController({ cron: '* * * * *', scheduledTime: at }),
    (runEnv ?? env) as never,
    ctx,
  )
  await waitOnExecutionContext(ctx)
}

/** A refusal with field errors: 422, naming exactly `fields` (sorted). */
export function expectFieldErrors(answer: { res: Response; body: Record<string, any> }, fields: string[]) {
  expect(answer.res.status).toBe(422)
  expect(Object.keys(answer.body.errors).sort()).toEqual(fields)
}

/** Runs `write` while the mail outbox table is away (as if D1 refused the mail's insert), then puts it back. */
export async function withoutOutbox<T>(write: () => Promise<T>): Promise<T> {
  const { env } = await import('cloudflare:test')
  await env.DB.exec('ALTER TABLE email_outbox RENAME TO email_outbox_gone')
  try {
    return await write()
  } finally {
    await env.DB.exec('ALTER TABLE email_outbox_gone RENAME TO email_outbox')
  }
}

/** A refusal (422) whose field errors are exactly `errors`. */
export function expectErrors(answer: { res: Response; body: Record<string, any> }, errors: Record<string, string[]>) {
  expect(answer.res.status).toBe(422)
  expect(answer.body.errors).toEqual(errors)
}
