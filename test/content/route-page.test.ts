import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { seedContent } from '../factories'
import { countingD1, fetchWithDb } from '../d1-count'

const render = (path: string, db: D1Database) => fetchWithDb(new Request(`http://localhost${path}`), db)

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
