/**
 * Answers every visitor shares (issue 6 "Speed": public responses that do not depend on the
 * visitor may be cached at the edge if purged on edit): the content lists, the route page's
 * route, the article and its related posts, asked for by someone without a session. They are kept
 * in the Cache API under a content version; every editor's write bumps the version (KV), so
 * the next read misses and reloads: the purge. An isolate re-reads the version at most every
 * VERSION_TTL_MS, so another isolate may serve the old answer for that long after an edit.
 * Stats (likes) may be up to MAX_AGE_S old for visitors; signed-in people always read D1.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, Env } from '#worker/env'
import { clearMemo, memo } from './memo'

const VERSION_KEY = 'content:version'
const VERSION_TTL_MS = 5_000
const MAX_AGE_S = 60
const ORIGIN = 'https://public-cache.calma.internal'

/** On everywhere, tests included (test/factories.ts purges after writing content); a switch for benches and debugging. */
export const publicCache = { enabled: true }

/**
 * A per-isolate copy in front of the Cache API (issue 21): a warm answer costs no I/O and no
 * parse. Keys hold the content version, so an edit leaves the old entries unread; they age out
 * (MAX_AGE_S, like the Cache API's copy) or are pushed out by newer ones (LOCAL_MAX entries).
 */
const LOCAL_MAX = 500
const local = new Map<string, { until: number; value: unknown }>()
function localGet<T>(key: string): T | undefined {
  const hit = local.get(key)
  if (!hit) return undefined
  if (hit.until > Date.now()) return hit.value as T
  local.delete(key)
  return undefined
}
function localSet(key: string, value: unknown) {
  if (local.size >= LOCAL_MAX) local.delete(local.keys().next().value!)
  local.set(key, { until: Date.now() + MAX_AGE_S * 1000, value })
}

export const contentVersion = (env: Env) =>
  memo(VERSION_KEY, VERSION_TTL_MS, async () => (await env.KV.get(VERSION_KEY)) ?? '0')

/** After any write to routes, units, symptoms, categories or posts: every cached answer is stale. */
export async function contentChanged(env: Env) {
  await env.KV.put(VERSION_KEY, String(Date.now()))
  clearMemo(VERSION_KEY)
}

/**
 * `load()` once per content version for everyone: `name` and `key` (JSON) identify the answer.
 * Only for data that does not depend on who asks; callers pass visitors' requests only.
 */
export async function sharedAnswer<T>(
  env: Env,
  waitUntil: (p: Promise<unknown>) => void,
  name: string,
  key: unknown,
  load: () => Promise<T>,
): Promise<T> {
  if (!publicCache.enabled || typeof caches === 'undefined') return load()
  const version = await contentVersion(env)
  const url = `${ORIGIN}/${name}?v=${encodeURIComponent(version)}&k=${encodeURIComponent(JSON.stringify(key))}`
  // Callers may change what they get: each gets its own copy (structured clone, no I/O).
  const mine = localGet<T>(url)
  if (mine !== undefined) return structuredClone(mine)
  const cache = (caches as unknown as { default: Cache }).default
  const hit = await cache.match(url).catch(() => undefined)
  if (hit) {
    const value = (await hit.json()) as T
    localSet(url, structuredClone(value))
    return value
  }
  const value = await load()
  localSet(url, structuredClone(value))
  const body = JSON.stringify(value)
  waitUntil(
    cache
      .put(
        url,
        new Response(body, {
          headers: { 'content-type': 'application/json', 'cache-control': `public, max-age=${MAX_AGE_S}` },
        }),
      )
      .catch(() => {}),
  )
  return value
}

/** After a successful edit, every shared public answer is stale (http/public-cache.ts). */
export const purgeAfterEdit = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (c.res.status < 400) await contentChanged(c.env)
})

/**
 * A visitor's page (no session), rendered once per content version, URL and time zone and then
 * served from the Cache API. The CSP nonce stays per response: the kept page is cut where its
 * render wrote that render's nonce (cutAtNonces) and joined with each answer's own. The render's
 * nonce is 128 random bits made for that request after every stored row and every byte of the
 * request already existed, so only the renderer can have written it: nothing a post body or a
 * URL holds — an attribute, a mark, a guess — can ever receive a nonce (issue 32 §1). Only 200
 * HTML answers are kept; redirects and errors always render.
 */
export async function sharedPage(c: Context<AppEnv>, key: string, render: () => Promise<Response>): Promise<Response> {
  const nonce = c.get('secureHeadersNonce')
  if (!publicCache.enabled || typeof caches === 'undefined' || !nonce) return render()
  const version = await contentVersion(c.env)
  // A page's links point at APP_URL and its head follows APP_ENV: one copy per deployment's
  // settings, never one made under others (the test pool renders both with one Cache API).
  const site = `${c.env.APP_ENV}|${c.env.APP_URL}`
  const url = `${ORIGIN}/page?v=${encodeURIComponent(version)}&s=${encodeURIComponent(site)}&k=${encodeURIComponent(key)}`
  const cache = (caches as unknown as { default: Cache }).default
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' }
  // This isolate's copy: the page cut at its nonce places, joined with this response's nonce.
  const parts = localGet<CutPage>(url)
  if (parts) return c.body(joinAtNonces(parts, nonce), 200, { ...headers, 'x-page-cache': 'hit' })
  const hit = await cache.match(url).catch(() => undefined)
  // x-page-cache says which it was (the e2e proves a page served from the cache is as safe).
  const renderNonce = hit?.headers.get(RENDER_NONCE)
  if (hit && renderNonce) {
    const cut = cutAtNonces(await hit.text(), renderNonce)
    if (cut) {
      localSet(url, cut)
      return c.body(joinAtNonces(cut, nonce), 200, { ...headers, 'x-page-cache': 'hit' })
    }
  }
  const res = await render()
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/html')) return res
  const html = await res.text()
  const cut = cutAtNonces(html, nonce)
  if (cut) {
    localSet(url, cut)
    // The Cache API's copy keeps its render's nonce, and says which it is (a header only this code reads).
    const keep = cache
      .put(
        url,
        new Response(html, {
          headers: {
            'content-type': headers['content-type'],
            'cache-control': `public, max-age=${MAX_AGE_S}`,
            [RENDER_NONCE]: nonce,
          },
        }),
      )
      .catch(() => {})
    try {
      c.executionCtx.waitUntil(keep)
    } catch {
      await keep
    }
  }
  return c.body(html, 200, { ...headers, 'x-page-cache': 'miss' })
}

/** On a page kept in the Cache API: the nonce its render wrote, where the copy is cut. */
const RENDER_NONCE = 'x-calma-render-nonce'

/**
 * A page as kept per isolate: its UTF-8 bytes, cut where its render wrote the nonce. Bytes, not
 * text: workerd encodes a string body on every answer, and for a page of ~50 KB with accented
 * words that encoding cost more than the rest of a cached answer (a Uint8Array body measured +9%
 * req/s on a 57 KB answer, docs/PERFORMANCE.md).
 */
export type CutPage = Uint8Array<ArrayBuffer>[]

const utf8 = new TextEncoder()

/** The kept page for one answer: its parts with this answer's nonce between them. */
export function joinAtNonces(parts: CutPage, nonce: string): Uint8Array<ArrayBuffer> {
  const mark = utf8.encode(nonce)
  let size = mark.length * (parts.length - 1)
  for (const p of parts) size += p.length
  const page = new Uint8Array(size)
  let at = 0
  parts.forEach((p, i) => {
    if (i) {
      page.set(mark, at)
      at += mark.length
    }
    page.set(p, at)
    at += p.length
  })
  return page
}

/**
 * A rendered page cut where its render wrote `nonce` (its own scripts, module preloads' meta,
 * JSON-LD), so `joinAtNonces(parts, fresh)` is the page for a new answer; the signed-in person's
 * pages (http/person-cache.ts) are kept the same way. Every place must be the value of a nonce
 * attribute: anything else means the page is not the renderer's alone, and it is not kept
 * (null: the caller serves its render and keeps nothing). One split of the text, no parse.
 */
export function cutAtNonces(html: string, nonce: string): CutPage | null {
  if (nonce.length < 16) return null
  const parts = html.split(nonce)
  for (let i = 0; i < parts.length - 1; i++) if (!parts[i]!.endsWith('nonce="')) return null
  return parts.map((part) => utf8.encode(part))
}
