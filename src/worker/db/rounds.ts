// The D1 binding one request uses (issue 21 §2, §4, docs/decisions/024-signed-in-as-fast-as-a-visitor.md):
//
// - a D1 Sessions API session (`withSession`), opened at the person's last bookmark, so reads
//   may go to a replica and still see that person's own last write (read-your-writes);
// - counted: every statement run (`first`/`all`/`run`/`raw`) and every `batch` is a call, and
//   a call that starts after some call has come back since the last round began opens a new
//   *round*: calls started together (Promise.all) share one, a call that waited on an answer
//   does not. Two parallel chains that interleave count more rounds than their real depth,
//   never fewer: an upper bound, the safe side for a budget. Local and test runs show the
//   rounds and calls in the `x-d1-rounds` / `x-d1-calls` response headers.

export interface D1Rounds {
  rounds: number
  calls: number
  /** A statement that is not a plain read ran (a write may have happened: a new bookmark). */
  wrote: boolean
  /** A write changed rows (or may have: a write whose answer says nothing of changes). */
  changed: boolean
  /** Wall time (ms) during which at least one D1 call was in flight (local profiling: `x-d1-ms`). */
  ms?: number
  /**
   * Local runs only (`x-d1-cold: 1`, the bench's D1 at a distance): the person's rows and page
   * are read as on an isolate that has not met them (http/person-cache.ts), which is what a
   * person's first page, or any page more than 30 s after the last, gets.
   */
  cold?: boolean
}

const RUNNERS = new Set(['first', 'all', 'run', 'raw'])
const READ = /^\s*(select|with|pragma)\b/i

/**
 * `d1` (a database or a Sessions API session) behind a D1Database that counts rounds into
 * `count`. Statements handed to `batch` are unwrapped first: the binding needs its own objects.
 */
export function countedD1(
  d1: D1Database | D1DatabaseSession,
  count: D1Rounds,
  whole?: D1Database,
  delayMs = 0,
): D1Database {
  // One request's bindings (its session and each primaryOf of it) share where the rounds stand:
  // a read at the primary started beside one at a replica waits with it, one round (decision 084).
  let shared = rounds.get(count)
  if (!shared) rounds.set(count, (shared = { answered: 0, answeredAtRound: -1 }))
  const at = shared
  let inFlight = 0
  let since = 0
  const real = new WeakMap<object, D1PreparedStatement>()
  const sqlOf = new WeakMap<object, string>()
  const noteChanges = (result: unknown) => {
    const changes = (result as { meta?: { changes?: number } } | null)?.meta?.changes
    if (typeof changes !== 'number' || changes > 0) count.changed = true
  }
  const track = async <T>(p: () => Promise<T>, write: boolean | boolean[]): Promise<T> => {
    if (at.answered !== at.answeredAtRound) {
      count.rounds++
      at.answeredAtRound = at.answered
    }
    count.calls++
    const writes = Array.isArray(write) ? write.some(Boolean) : write
    if (writes) count.wrote = true
    if (inFlight++ === 0) since = performance.now()
    try {
      // D1 at a distance (D1_DELAY_MS, local runs only): calls started together wait together,
      // so a round costs the delay once, as a round trip to a far primary or replica does.
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs))
      const result = await p()
      if (Array.isArray(write)) write.forEach((w, i) => w && noteChanges((result as unknown[])[i]))
      else if (writes) noteChanges(result)
      return result
    } finally {
      at.answered++
      if (--inFlight === 0) count.ms = (count.ms ?? 0) + performance.now() - since
    }
  }
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === 'bind') return (...args: unknown[]) => wrap(target.bind(...args), sql)
        const v = Reflect.get(target, prop, target)
        if (typeof prop === 'string' && RUNNERS.has(prop) && typeof v === 'function') {
          return (...args: unknown[]) =>
            track(() => (v as (...a: unknown[]) => Promise<unknown>).apply(target, args), !READ.test(sql))
        }
        return typeof v === 'function' ? v.bind(target) : v
      },
    })
    real.set(proxy, stmt)
    sqlOf.set(proxy, sql)
    return proxy
  }
  const base = (whole ?? d1) as D1Database
  const counted = {
    prepare: (sql: string) => wrap(d1.prepare(sql), sql),
    batch: <T>(stmts: D1PreparedStatement[]) =>
      track(
        () => d1.batch<T>(stmts.map((s) => real.get(s) ?? s)),
        stmts.map((s) => !READ.test(sqlOf.get(s) ?? '')),
      ),
    exec: (sql: string) => track(() => base.exec(sql), true),
    dump: () => base.dump(),
    withSession: (c?: string) => base.withSession(c),
  } as D1Database
  counts.set(counted, count)
  if (delayMs > 0) delays.set(counted, delayMs)
  return counted
}

const counts = new WeakMap<object, D1Rounds>()
const rounds = new WeakMap<D1Rounds, { answered: number; answeredAtRound: number }>()
const delays = new WeakMap<object, number>()

/**
 * D1_DELAY_MS (issue 43 §3, docs/decisions/063): every D1 round of a local or test run waits
 * this long, as one to a primary or replica a region away does. A deployed Worker refuses the
 * setting (env.ts PRODUCTION_SETTINGS) and this ignores it there.
 */
export function d1DelayOf(env: { APP_ENV?: string; D1_DELAY_MS?: string }): number {
  if (env.APP_ENV !== 'local' && env.APP_ENV !== 'test') return 0
  const ms = Number(env.D1_DELAY_MS)
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 10_000) : 0
}

/** The counts of a binding made by countedD1 (e.g. did this request change rows yet?), or null. */
export const d1CountOf = (db: D1Database): D1Rounds | null => counts.get(db) ?? null

/**
 * The primary database, for a read that must see every write committed before it, whichever
 * replica the request reads from (a session's authority: docs/decisions/038): a Sessions API
 * session at 'first-primary'. Counted with the request's rounds when `d1` is the request's
 * binding (a new round: it waits before the handler runs). A binding without the Sessions API
 * (an older runtime) is its own primary.
 */
export function primaryOf(d1: D1Database): D1Database {
  if (typeof d1.withSession !== 'function') return d1
  const session = d1.withSession('first-primary')
  const count = counts.get(d1)
  return count ? countedD1(session, count, undefined, delays.get(d1)) : (session as unknown as D1Database)
}
