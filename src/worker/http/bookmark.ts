// The person's last D1 bookmark (issue 21 §4): read by the request context (http/context.ts)
// and by the session lookup (part of the person-cache key, http/person-cache.ts).
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { AppEnv } from '#worker/env'

/** A cookie for pages, this header for API clients. */
export const BOOKMARK_COOKIE = 'calma_bm'
export const BOOKMARK_HEADER = 'x-d1-bookmark'
export const BOOKMARK_RE = /^[\w-]{1,200}$/

/** The bookmark the request brings (header, else cookie), when it looks like one. */
export function askedBookmark(c: Context<AppEnv>): string | undefined {
  const asked = c.req.header(BOOKMARK_HEADER) ?? getCookie(c, BOOKMARK_COOKIE)
  return asked && BOOKMARK_RE.test(asked) ? asked : undefined
}
