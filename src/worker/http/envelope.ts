import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { MessageKey } from '#shared/i18n/index'
import type { AppEnv } from '#worker/env'
import { AppError, ERROR_CODES } from './errors'

/** The /v1 envelope (DESIGN §3): `{ success, message?, errors?, ...payload }`. */
export function ok<T extends Record<string, unknown>>(
  c: Context<AppEnv>,
  payload: T,
  opts: { status?: ContentfulStatusCode; message?: MessageKey; params?: Record<string, unknown> } = {},
) {
  const body: Record<string, unknown> = { success: true }
  if (opts.message) body.message = c.var.t(opts.message, opts.params)
  return c.json({ ...body, ...payload }, opts.status ?? 200)
}

/** Field errors: keys are translated when they name a message, kept as they are otherwise. */
function translateFields(c: Context<AppEnv>, fields: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [field, msgs] of Object.entries(fields)) {
    out[field] = msgs.map((m) => (/^[a-z_]+\.[a-z_.]+$/.test(m) ? c.var.t(m as MessageKey) : m))
  }
  return out
}

export function errorResponse(c: Context<AppEnv>, err: AppError) {
  const def = ERROR_CODES[err.code]
  const body: Record<string, unknown> = {
    success: false,
    code: err.code,
    message: c.var.t(err.options.message ?? def.message, err.options.params),
  }
  if (err.options.fields) body.errors = translateFields(c, err.options.fields)
  if (err.options.extra) Object.assign(body, err.options.extra)
  // A refusal may name the caller's own fields or state: never kept by a cache.
  return c.json(body, def.status, { 'cache-control': 'no-store' })
}
