import { env } from 'cloudflare:test'
import { clearMemo } from '#worker/http/memo'
import { publicCache } from '#worker/http/public-cache'
import { forgetEveryone, personCache } from '#worker/http/person-cache'
import { forgetSessions, sessionMemo } from '#worker/identity/memo'
import { catalogRows } from '#worker/features/engagement/rewards.catalog'
import { getDb } from '#worker/db/client'
import { seedRewards } from '#worker/features/engagement/engagement.repo'

/**
 * One workerd runs many test files one after another (vitest `isolate: false`, decision 031):
 * each file still starts from the storage a freshly migrated database has, as it did when every
 * file had its own runtime. Rows go, the schema and AUTOINCREMENT counters stay: ids keep growing,
 * so a Durable Object named after a user of an earlier file is never met again.
 */
// What a file may change for itself and must not hand to the next one: variables of `env`
// (tests configure outside keys) and a `fetch` faked by hand (test/harness/access.ts).
const envAtStart: Record<string, unknown> = { ...env }
const fetchAtStart = globalThis.fetch

function restoreGlobals() {
  const e = env as unknown as Record<string, unknown>
  for (const key of Object.keys(e)) if (!(key in envAtStart)) delete e[key]
  for (const [key, value] of Object.entries(envAtStart)) if (e[key] !== value) e[key] = value
  const g = globalThis as { fetch: typeof fetch; __outsideFaked?: boolean }
  g.fetch = fetchAtStart
  delete g.__outsideFaked
}

export async function resetStorage() {
  restoreGlobals()
  const tables = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string; sql: string }>()
  const virtual = tables.results.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name)
  const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v}_`))
  const plain = tables.results.map((t) => t.name).filter((n) => !virtual.includes(n) && !shadow(n))
  // Plain tables first (their delete triggers keep the FTS indexes in step), the indexes last.
  await env.DB.batch([
    env.DB.prepare('PRAGMA defer_foreign_keys = ON'),
    ...[...plain, ...virtual].map((n) => env.DB.prepare(`DELETE FROM "${n}"`)),
  ])
  // The rewards catalogue is product data every database holds once an isolate has checked it
  // (engagement.service ensureCatalog, which this shared isolate has already done).
  await seedRewards(getDb(env.DB), catalogRows())

  for (let cursor: string | undefined; ;) {
    const page = await env.KV.list({ cursor })
    await Promise.all(page.keys.map((k) => env.KV.delete(k.name)))
    if (page.list_complete) break
    cursor = page.cursor
  }
  for (let cursor: string | undefined; ;) {
    const page = await env.MEDIA.list({ cursor })
    if (page.objects.length) await env.MEDIA.delete(page.objects.map((o) => o.key))
    if (!page.truncated) break
    cursor = page.cursor
  }
  // The Cache API cannot be emptied: a content version of its own keeps this file's shared
  // public answers apart from an earlier file's.
  await env.KV.put('content:version', `file-${Date.now()}-${crypto.randomUUID()}`)
  clearMemo()
  // The shared public answers are on, as for every visitor (test/factories.ts purges them).
  publicCache.enabled = true
  // The person's cached rows (http/person-cache.ts) are off: tests write rows straight into D1,
  // not through a request that bumps the person's version; test/speed turns them on.
  forgetEveryone()
  personCache.enabled = false
  // The memo of verified sessions likewise (identity/): tests edit KV records
  // straight; test/speed/session-memo.test.ts turns it on.
  forgetSessions('all')
  sessionMemo.enabled = false
}
