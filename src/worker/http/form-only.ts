import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/env'
import { AppError } from './errors'

const FORM = /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i

/**
 * SPEC §7: bodies are form data. A body of any other type (JSON, text) is refused with 415 and
 * the envelope before any handler, instead of being read as an empty form and answered with a
 * success that saved nothing (issue 14 §5). A write with no body at all is fine (logout).
 */
export const formBodiesOnly = createMiddleware<AppEnv>(async (c, next) => {
  const m = c.req.method
  if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') return next()
  const type = c.req.header('content-type')
  const length = c.req.header('content-length')
  const hasBody = !!type || (length !== undefined && length !== '0') || !!c.req.header('transfer-encoding')
  if (hasBody && !FORM.test(type ?? '')) throw new AppError('unsupported_media_type')
  await next()
})
