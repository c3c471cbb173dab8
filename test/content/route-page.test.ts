import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker from '#worker/index'
import { seedContent } from '../factories'

/** The real D1 binding, counting the statements a request prepares (nothing is faked). */
function countingD1(d1: D1Database) {
  const seen: string[] = []
  const proxy = new Proxy(d1, {
    get(target, prop, receiver) {
      if (prop === 'prepare') return (sql: string) => (seen.push(sql), target.prepare(sql))
      if (prop === 'batch') return (stmts: D1PreparedStatement[]) => target.batch(stmts)
      const v = Reflect.get(target, prop, receiver)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
  return { db: proxy, seen }
}

async function render(path: string, db: D1Database) {
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`http://localhost${path}`) as Parameters<typeof worker.fetch>[0], { ...env, DB: db } as never, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

// issue 13 §5: the route page ran 5 extra queries and loaded every unit of every listed route.
describe('the route page for a visitor', () => {
  it('makes at most 3 D1 statements once the shared footer lists are warm', async () => {
    await seedContent()
    const { db, seen } = countingD1(env.DB)
    await render('/route/4-ejercicios-para-el-insomnio', db) // warms the per-isolate footer lists
    seen.length = 0
    const res = await render('/route/4-ejercicios-para-el-insomnio', db)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('4 ejercicios para el insomnio')
    expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(3)
  })
})
