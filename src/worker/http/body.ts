// Request bodies: a size limit, and no body left unread (docs/API.md "Request size").
//
// 1. A body over the limit (MAX_FORM_BODY_BYTES, or the path's own in BODY_LIMITS_BY_PATH)
//    answers 413 before any handler runs: judged by Content-Length when the client declared
//    it, else by counting bytes while reading (the counted body is then handed on, buffered).
// 2. A body the handler did not read (a 401 or 403 before parsing, a 404, a 415) is read to
//    the end after the handler, before the answer leaves, bounded by the limit. Wrangler's
//    local proxy otherwise answers the next request on the connection 500 "Network connection
//    lost" (workers-sdk issue 15203; `wrangler dev` drains bodies only for bundled Workers,
//    and the built app is not one). Cloudflare's edge does not need it; it costs little there.
//    An oversized body is read to the end too before its 413 in local runs (a deployed Worker
//    reads at most 1 MiB of it).
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { BODY_LIMITS_BY_PATH, MAX_FORM_BODY_BYTES } from '#shared/limits'
import { createTranslator, negotiateLocale } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import { isLocalEnv, type AppEnv } from '#worker/env'
import { errorResponse } from './envelope'
import { AppError } from './errors'

/**
 * How much of an oversized body is read before the 413 (and the rest cancelled). Local and
 * test runs read it all, as wrangler's proxy needs; a deployed Worker stops after 1 MiB
 * (Cloudflare's edge copes with an unread body, and reading a huge one would be wasted time).
 */
const OVERSIZE_DRAIN_BYTES = 1024 * 1024
const oversizeDrain = (c: Context<AppEnv>) => (c.env && isLocalEnv(c.env) ? Infinity : OVERSIZE_DRAIN_BYTES)

/** The body limit of a path: its own entry, else the form limit (every path: pages take no body). */
export function bodyLimitFor(path: string): number {
  return BODY_LIMITS_BY_PATH[path] ?? MAX_FORM_BODY_BYTES
}

/** Reads a stream to its end, or until more than `max` bytes, then cancels it. Never throws. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, max: number): Promise<void> {
  let read = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      read += value.byteLength
      if (read > max) {
        await reader.cancel()
        return
      }
    }
  } catch {
    // the client went away: nothing left to drain
  }
}

/** Drain a request's body unless something read it (or holds a reader on it). */
async function drainUnread(req: Request, max: number): Promise<void> {
  if (!req.body || req.bodyUsed || req.body.locked) return
  await drain(req.body.getReader(), max)
}

/**
 * A refusal: the /v1 envelope in the request's language (this runs before requestContext sets
 * one, so it negotiates the locale the same way), plain text elsewhere.
 */
function refuse(c: Context<AppEnv>, code: 'payload_too_large' | 'bad_request') {
  const path = c.req.path
  if (path !== '/v1' && !path.startsWith('/v1/')) {
    return c.text(
      code === 'payload_too_large' ? 'This request is too large.' : 'Invalid request.',
      code === 'payload_too_large' ? 413 : 400,
    )
  }
  const locale = negotiateLocale(c.req.header('locale') ?? c.req.query('locale'), c.req.header('accept-language'))
  c.set('locale', locale)
  c.set('t', createTranslator(locale, messagesFor(locale)))
  return errorResponse(c, new AppError(code))
}

/** Mount first on the app, right after the request id and security headers (app.ts). */
export const bodyGuard = createMiddleware<AppEnv>(async (c, next) => {
  const original = c.req.raw
  if (!original.body) return next()
  const limit = bodyLimitFor(c.req.path)

  const declared = original.headers.has('transfer-encoding') ? null : original.headers.get('content-length')
  const length = declared === null || declared.trim() === '' ? NaN : Number(declared)
  if (Number.isInteger(length) && length >= 0) {
    if (length > limit) {
      await drainUnread(original, oversizeDrain(c))
      return refuse(c, 'payload_too_large')
    }
  } else {
    // No usable length: count while reading, and hand the handler the bytes read.
    const reader = original.body.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch {
        return refuse(c, 'bad_request') // the body broke off
      }
      if (chunk.done) break
      size += chunk.value.byteLength
      if (size > limit) {
        await drain(reader, oversizeDrain(c))
        return refuse(c, 'payload_too_large')
      }
      chunks.push(chunk.value)
    }
    const bytes = new Uint8Array(size)
    let at = 0
    for (const chunk of chunks) {
      bytes.set(chunk, at)
      at += chunk.byteLength
    }
    // oxlint-disable-next-line unicorn/no-invalid-fetch-options -- `original` has a body, so it is not a GET; its method carries over
    c.req.raw = new Request(original, { body: bytes })
  }

  try {
    await next()
  } finally {
    await drainUnread(original, limit)
  }
})

/**
 * Waits for the request's whole body (hono keeps it: the validator, captcha and audit read the
 * same bytes afterwards). Authority is checked after this (docs/decisions/038 "Found from
 * outside, and closed"): a check made when the request starts, with the write made whenever the
 * body arrives, lets a client that uploads slowly act on a role or a session that ended in
 * between. The size limit (bodyGuard, mounted first) has already answered 413 for a body too
 * large. A body that breaks off is a 400.
 */
export async function wholeBody(c: Context<AppEnv>): Promise<void> {
  const m = c.req.method
  if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS' || !c.req.raw.body) return
  try {
    await c.req.arrayBuffer()
  } catch {
    throw new AppError('bad_request')
  }
}
