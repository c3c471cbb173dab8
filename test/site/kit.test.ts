// Issue 42 §6: SPEC §1 promises a free anti-insomnia kit of "5 or more audios of 5 to 15 minutes".
// The kit is the route the insomnia landing sends a new person to (SPEC §2,
// /route/4-ejercicios-para-el-insomnio): seeded in both languages, each audio's file in R2, and a
// state seeded before the fifth audio gets it on the next seed.
import { env } from 'cloudflare:test'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#worker/db/client'
import { routes, units } from '#worker/db/schema'
import { routeDefs1 } from '#worker/seed/data/routes-1'
import { seed } from '#worker/seed/seed'
import { api } from '../helpers'

const KIT = { es: '4-ejercicios-para-el-insomnio', en: '4-exercises-for-insomnia' } as const
const stored = new Set<string>()
const seedRoutes = () =>
  seed(getDb(env.DB), {
    hashPassword: async (p) => `test$${p.length}`,
    only: { routes: true, posts: false, plans: false, users: false },
    async putMedia(key) {
      stored.add(key)
      await env.MEDIA.put(key, new Uint8Array(100))
      return 100
    },
  })

async function kitUnits(language: 'es' | 'en') {
  const db = getDb(env.DB)
  const [route] = await db
    .select({ id: routes.id })
    .from(routes)
    .where(and(eq(routes.slug, KIT[language]), eq(routes.language, language)))
  expect(route, `the kit route ${KIT[language]}`).toBeDefined()
  return db
    .select({ order: units.order, key: units.mediaKey, seconds: units.durationSeconds, title: units.title })
    .from(units)
    .where(eq(units.routeId, route!.id))
    .orderBy(units.order)
}

/** Seeding the catalogue's routes takes seconds on a loaded machine; the second test seeds three times (20 s was not enough with others running). */
const SEEDING = 60_000

describe('the anti-insomnia kit', () => {
  it(
    'has 5 audios of 5 to 15 minutes in each language, each file stored in R2',
    async () => {
      await seedRoutes()
      for (const language of ['es', 'en'] as const) {
        const list = await kitUnits(language)
        expect(list.length, `${language}: ${list.map((u) => u.title).join(', ')}`).toBeGreaterThanOrEqual(5)
        expect(list.map((u) => u.order)).toEqual(list.map((_, i) => i + 1))
        for (const u of list) {
          expect(u.seconds, u.title).toBeGreaterThanOrEqual(5 * 60)
          expect(u.seconds, u.title).toBeLessThanOrEqual(15 * 60)
          expect(stored, u.key!).toContain(u.key)
          expect(await env.MEDIA.head(u.key!), u.key!).not.toBeNull()
        }
        expect(new Set(list.map((u) => u.key)).size, 'five different audios').toBe(list.length)
      }
    },
    SEEDING,
  )

  it(
    'a state seeded with the four audios gets the fifth on the next seed, once',
    async () => {
      await seedRoutes()
      const db = getDb(env.DB)
      const before = await kitUnits('es')
      expect(before).toHaveLength(5)
      const [route] = await db.select({ id: routes.id }).from(routes).where(eq(routes.slug, KIT.es))
      await db.delete(units).where(and(eq(units.routeId, route!.id), eq(units.order, 5)))
      expect(await kitUnits('es')).toHaveLength(4)
      await seedRoutes()
      await seedRoutes()
      const after = await kitUnits('es')
      expect(after).toEqual(before)
    },
    SEEDING,
  )

  it('the landing says the number of audios the kit has, in both languages', async () => {
    // The catalogue's kit (what the first test proves is seeded), without seeding again.
    const n = routeDefs1.find((r) => r.es.slug === KIT.es)!.units.length
    expect(n).toBeGreaterThanOrEqual(5)
    const es = await (await api('/get-a-plan-for-insomnia', { headers: { accept: 'text/html' } })).text()
    expect(es).toContain(`${n} audios guiados de 5 a 15 minutos`)
    const en = await (await api('/en/get-a-plan-for-insomnia', { headers: { accept: 'text/html' } })).text()
    expect(en).toContain(`${n} guided audios of 5 to 15 minutes`)
  })
})
