// Counting the D1 statements a request makes, on the real binding (nothing is faked): the route
// page (issue 13) and the plan status (issue 7) promise a fixed number.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import worker from '#worker/index'

/** The real D1 binding, recording the SQL of every statement prepared through it. */
export function countingD1(d1: D1Database, seen: string[] = []) {
  const proxy = new Proxy(d1, {
    get(target, prop, receiver) {
      if (prop === 'prepare') return (sql: string) => (seen.push(sql), target.prepare(sql))
      // The Worker opens a Sessions API session per request (db/rounds.ts): count through it too.
      if (prop === 'withSession')
        return (b?: string) => countingD1(target.withSession(b) as unknown as D1Database, seen).db
      if (prop === 'batch') return (stmts: D1PreparedStatement[]) => target.batch(stmts)
      const v = Reflect.get(target, prop, receiver)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
  return { db: proxy, seen }
}

/** Run one request through the Worker with `db` in place of env.DB. */
export async function fetchWithDb(request: Request, db: D1Database) {
  const ctx = createExecutionContext()
  const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, DB: db } as never, ctx)
  await waitOnExecutionContext(ctx)
  return res
}
