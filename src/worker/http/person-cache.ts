/**
 * The signed-in person's own rows, kept per isolate between their requests (issue 21,
 * docs/decisions/029-the-persons-rows-cached-by-version.md).
 *
 * A warm signed-in request should read no D1: what it needs of the person (plan assignment,
 * progress, appointments by status, likes, rewards, credits, transactions, ranking line…) is
 * kept here under a key that changes whenever those rows may have changed:
 *
 * - `dv`, the person's data version, carried by their session record (the one KV read of the
 *   request, identity/) and replaced in every session of theirs by
 *   `personChanged` after ANY request of theirs that changed a row (sessionContext: one place,
 *   the D1 binding counts the changes), and by `refreshSessions` (their users row changed);
 * - the D1 bookmark the request brings (`calma_bm` / `x-d1-bookmark`): the device that wrote
 *   misses at once, even where KV has not yet carried the new `dv` (KV is eventually
 *   consistent between locations);
 * - the people epoch: every write NOT made by a signed-in patient for themselves (a
 *   psychologist's or an admin's request, a visitor's such as a Stripe webhook or an
 *   appointment mail link, every cron run and queue batch) may touch any person's rows, so it
 *   bumps one KV key every isolate re-reads at most every EPOCH_TTL_MS (at once in the isolate
 *   that wrote);
 * - the content version (http/public-cache.ts): plan titles and route settings joined to the
 *   person's rows follow editors' writes.
 *
 * Entries also expire after MAX_AGE_MS, a bound on anything the rules above would miss. Values
 * are frozen, deeply, and handed out as they are (http/frozen.ts): every caller gets the same
 * object, typed `Frozen<T>`, so a caller that wants to change something copies that part. Only
 * data that is a pure function of rows goes here: what depends on the clock (locks, "3 h left")
 * is computed from the cached rows on each request.
 */
import type { Context } from 'hono'
import { memo, clearMemo } from './memo'
import type { Ctx } from '#worker/context'
import type { AppEnv, Env } from '#worker/env'
import { contentVersion, cutAtNonces, joinAtNonces, type CutPage } from './public-cache'
import { d1CountOf } from '#worker/db/rounds'
import { Role } from '#shared/enums'
import { deepFreeze, type Frozen } from './frozen'

const EPOCH_KEY = 'people:epoch'
const EPOCH_TTL_MS = 5_000
const MAX_AGE_MS = 30_000
const MAX_ENTRIES = 5_000

/** Off in the test pool (tests write rows straight into D1); tests of the cache turn it on. */
export const personCache = { enabled: true }

const store = new Map<string, { until: number; value: unknown }>()

const peopleEpoch = (env: Env) => memo(EPOCH_KEY, EPOCH_TTL_MS, async () => (await env.KV.get(EPOCH_KEY)) ?? '0')

/** A write that may have touched anyone's rows (see above): every person's cached rows are stale. */
export async function peopleChanged(env: Env) {
  store.clear()
  pages.clear()
  await env.KV.put(EPOCH_KEY, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`)
  clearMemo(EPOCH_KEY)
}

/** Drop every entry of this isolate (tests: one runtime runs many files, test/reset.ts). */
export function forgetEveryone() {
  store.clear()
  pages.clear()
}

/** Drop this isolate's entries of one person (their `dv` changes too: identity/person.ts personChanged). */
export function forgetPerson(userId: number) {
  const prefix = `${userId}|`
  for (const k of store.keys()) if (k.startsWith(prefix)) store.delete(k)
  for (const k of pages.keys()) if (k.startsWith(prefix)) dropPage(k)
}

/** Drop this isolate's pages of one session (logout: identity/sessions.ts endSession). */
export function forgetSessionPages(hash: string) {
  for (const k of pages.keys()) if (k.includes(`|${hash}|`)) dropPage(k)
}

/**
 * `load()` once per version of the caller's rows (see above); `name` and `key` say which rows.
 * A visitor's request, or one whose session carries no version, always loads.
 */
export async function personal<T>(ctx: Ctx, name: string, key: unknown, load: () => Promise<T>): Promise<Frozen<T>> {
  const s = ctx.user?.session
  // Frozen whether kept or not, so a caller that would change what it got fails in every test.
  if (!personCache.enabled || !ctx.user || !s?.dv || d1CountOf(ctx.env.DB)?.cold) return deepFreeze(await load())
  // A request that already changed rows reads them afresh: its key is still the old version.
  if (d1CountOf(ctx.env.DB)?.changed) return deepFreeze(await load())
  const [epoch, content] = await Promise.all([peopleEpoch(ctx.env), contentVersion(ctx.env)])
  const k = `${ctx.user.id}|${s.dv}|${s.bookmark ?? ''}|${epoch}|${content}|${ctx.locale}|${name}|${JSON.stringify(key)}`
  const hit = store.get(k)
  const now = Date.now()
  if (hit && hit.until > now) return hit.value as Frozen<T>
  const value = deepFreeze(await load())
  // A load that changed rows (a catch-up award, a plan just finished) is not kept.
  if (d1CountOf(ctx.env.DB)?.changed) return value
  if (store.size >= MAX_ENTRIES) {
    // Oldest first (a Map keeps insertion order): drop a tenth.
    let n = MAX_ENTRIES / 10
    for (const old of store.keys()) {
      store.delete(old)
      if (--n <= 0) break
    }
  }
  store.set(k, { until: now + MAX_AGE_MS, value })
  return value
}

// ── The signed-in person's pages (issue 21 §2, docs/decisions/034-*) ─────────────────────────

/**
 * A signed-in patient's rendered page, kept per isolate cut where its render wrote its nonce (like
 * a visitor's, http/public-cache.ts cutAtNonces) and served again with a fresh nonce: no React
 * render, no loader.
 *
 * Kept per SESSION (its HTML carries the session's CSRF token) under the same versions as the
 * person's rows (`dv`, bookmark, people epoch, content version) plus what else the page depends
 * on (`vary`: URL, time zone and consent cookies…) and a PAGE_BUCKET_MS slice of the clock, since
 * loaders compute locks and "3 h left" from the cached rows and the time: such text is at most
 * that old. Only a render that made NO D1 call is kept: everything it read came from caches
 * keyed by these versions, so the page is a function of the key; a page that still reads D1
 * (anything not behind `personal` or the shared cache) is never kept. Patients only: staff pages
 * show other people's rows, which no version of theirs follows. Only 200 HTML without cookies.
 * Logout drops the session's pages (and no request without that session can name them).
 */
const PAGE_BUCKET_MS = 30_000
const PAGES_MAX = 200
const PAGES_MAX_BYTES = 24 * 1024 * 1024
const pages = new Map<string, { until: number; parts: CutPage; bytes: number }>()
let pageBytes = 0

function dropPage(k: string) {
  const hit = pages.get(k)
  if (!hit) return
  pageBytes -= hit.bytes
  pages.delete(k)
}

export async function personalPage(
  c: Context<AppEnv>,
  vary: string,
  render: () => Promise<Response>,
): Promise<Response> {
  const user = c.var.user
  const s = user?.session
  const nonce = c.get('secureHeadersNonce')
  if (!personCache.enabled || !user || !s?.dv || user.role !== Role.patient || user.accessExpired || !nonce)
    return render()
  if (c.var.d1?.cold) return render()
  if (d1CountOf(c.env.DB)?.changed) return render()
  const [epoch, content] = await Promise.all([peopleEpoch(c.env), contentVersion(c.env)])
  const now = Date.now()
  const k = `${user.id}|${s.hash}|${s.dv}|${s.bookmark ?? ''}|${epoch}|${content}|${Math.floor(now / PAGE_BUCKET_MS)}|${c.env.APP_ENV}|${vary}`
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' }
  const hit = pages.get(k)
  if (hit && hit.until > now) return c.body(joinAtNonces(hit.parts, nonce), 200, { ...headers, 'x-page-cache': 'hit' })
  const res = await render()
  const count = d1CountOf(c.env.DB)
  if (
    res.status !== 200 ||
    !res.headers.get('content-type')?.startsWith('text/html') ||
    res.headers.has('set-cookie') ||
    !count ||
    count.calls > 0
  )
    return res
  const html = await res.text()
  const parts = cutAtNonces(html, nonce)
  if (parts) {
    const bytes = parts.reduce((n, p) => n + p.length, 0)
    dropPage(k)
    while (pages.size && (pages.size >= PAGES_MAX || pageBytes + bytes > PAGES_MAX_BYTES))
      dropPage(pages.keys().next().value!)
    pages.set(k, { until: now + PAGE_BUCKET_MS, parts, bytes })
    pageBytes += bytes
  }
  return c.body(html, 200, { ...headers, 'x-page-cache': 'miss' })
}
