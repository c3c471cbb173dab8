// A page's words travel beside it, not in it (issue 21, docs/decisions/034-*): every page of one
// language shares the same ~56 KB of messages, so the built app names them by URL
// (`/i18n/<locale>.<hash>.json`, kept forever by the browser and the service worker: the hash
// changes with the words) instead of embedding them in each page's HTML. The page's loader
// (render.tsx LOADER) fetches them with the scripts, after the first paint; the entry waits for
// them before hydrating. The admin's words (admin page only) and `vite dev` stay inline.
import { Hono } from 'hono'
import { isLocale, type Locale } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import type { AppEnv } from '#worker/env'
import { sha256 } from '#worker/lib/crypto'

export const MESSAGES_PATH = '/i18n/'

interface Words {
  /** As served: encoded once, not on every answer (http/public-cache.ts CutPage says why). */
  bytes: Uint8Array<ArrayBuffer>
  hash: string
}
const byLocale = new Map<Locale, Words>()

/** Every page's words but the admin's (their own page embeds them), as served. */
export function clientMessages(locale: Locale) {
  const { admin: _admin, ...shared } = messagesFor(locale)
  return shared
}

async function wordsOf(locale: Locale): Promise<Words> {
  const known = byLocale.get(locale)
  if (known) return known
  const json = JSON.stringify(clientMessages(locale))
  const words = { bytes: new TextEncoder().encode(json), hash: (await sha256(json)).slice(0, 12) }
  byLocale.set(locale, words)
  return words
}

/** The URL a page names for its language's words. */
export const messagesUrl = async (locale: Locale) => `${MESSAGES_PATH}${locale}.${(await wordsOf(locale)).hash}.json`

/**
 * GET /i18n/<locale>.<hash>.json. The current hash is kept a year (immutable); another one (a
 * page kept from an earlier deploy) gets today's words, not kept, rather than no words at all.
 */
export const messagesRoutes = new Hono<AppEnv>().get('/:file', async (c) => {
  const m = /^(\w+)\.([\w-]{12})\.json$/.exec(c.req.param('file'))
  if (!m || !isLocale(m[1]!)) return c.notFound()
  const words = await wordsOf(m[1])
  return c.body(words.bytes, 200, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': m[2] === words.hash ? 'public, max-age=31536000, immutable' : 'no-store',
  })
})
