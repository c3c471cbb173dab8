// Fuzz harness, the pages (issue 32 §6: every page answers 4xx, never 5xx, for any slug or
// stored body): every
// pattern of the page table (ROUTABLE, so a new page is fuzzed without touching this file) gets
// generated addresses (./inputs.ts pageSegment, pageQuery) — control characters, over-long
// slugs, broken percent escapes, dot segments, prototype names, junk queries — in Spanish and
// under /en, as a visitor, a signed-in patient (the session cookie pages read) and an admin.
// Every answer: below 500, an HTML page (or a redirect), and a parameter no post, route or plan
// can have is the not-found page (404), never an error page. Stored bodies (./inputs.ts
// storedBody, written straight into D1) are fuzzed through the API, their pages in both
// languages and the minute cron in test/posts/stored-bodies.test.ts.
//
// Reproducible like fuzz.test.ts: a fixed seed (VITE_FUZZ_SEED), VITE_FUZZ_RUNS for the deep run.
import { exports } from 'cloudflare:workers'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTABLE } from '#client/app/pages.ts'
import { Role } from '#shared/enums'
import { seedContent } from '../factories'
import { makeContent, type Content } from './access'
import { encodeForAddress, pageQuery, pageSegment, type Text } from './inputs'
import { setRole, signUp, type Person } from './world'

const viteEnv = (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {}
const FUZZ_SEED = Number(viteEnv.VITE_FUZZ_SEED ?? 20_261_014)
const DEEP = Number(viteEnv.VITE_FUZZ_RUNS ?? 30) > 30
/** Addresses per pattern with a parameter (a slug) and per pattern without (its query only). */
const RUNS_WITH_PARAMS = DEEP ? 1000 : 40
const RUNS_WITHOUT = DEEP ? 100 : 5

type Way = 'visitor' | 'patient' | 'admin'
let people: { patient: Person; admin: Person }
let content: Content
let slugs = 0
const totals = { addresses: 0, byStatus: new Map<number, number>() }

const fill = (s: string) =>
  s
    .replaceAll('{{post_slug}}', content.postSlug)
    .replaceAll('{{route_slug}}', content.routeSlug)
    .replaceAll('{{new_slug}}', () => `harness-page-${++slugs}`)
    .replaceAll(/\{\{\w+\}\}/g, '1')

function addressOf(pattern: string, params: Text[], query: [string, Text][], en: boolean) {
  let i = 0
  const path = pattern.replace(/:\w+/g, () => fill(String(params[i++] ?? 'x')))
  const q = query.map(([k, v]) => `${encodeForAddress(k)}=${encodeForAddress(fill(String(v)))}`).join('&')
  return `${en ? '/en' : ''}${path}${q ? `?${q}` : ''}`
}

function headersFor(way: Way): Record<string, string> {
  const h: Record<string, string> = { accept: 'text/html' }
  if (way !== 'visitor') h.cookie = `calma_session=${people[way].token}`
  return h
}

async function open(address: string, way: Way) {
  totals.addresses++
  const what = `GET ${address.slice(0, 300)} as ${way}`
  let res: Response
  try {
    res = await (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${address}`, {
      headers: headersFor(way),
      redirect: 'manual',
    })
  } catch (err) {
    throw new Error(`no answer (the Worker threw): ${what}: ${err}`)
  }
  totals.byStatus.set(res.status, (totals.byStatus.get(res.status) ?? 0) + 1)
  const text = await res.text()
  expect(res.status, `server fault: ${what} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500)
  if (res.status < 300 || res.status >= 400)
    expect(res.headers.get('content-type') ?? '', `not a page: ${what}`).toMatch(/^text\/html/)
  return { status: res.status, text }
}

beforeAll(async () => {
  await seedContent()
  const [patient, admin] = [await signUp('pagepatient'), await signUp('pageadmin')]
  await setRole(admin.id, Role.admin)
  people = { patient, admin }
  content = await makeContent()
}, 60_000)

afterAll(() => {
  console.log(
    `[fuzz harness, pages] seed ${FUZZ_SEED}: ${ROUTABLE.length} page patterns, ${totals.addresses} addresses; answers by status: ` +
      [...totals.byStatus.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(', '),
  )
})

describe('fuzz harness: page paths', () => {
  for (const { id, entry } of ROUTABLE) {
    const params = entry.path.match(/:\w+/g) ?? []
    const runs = params.length ? RUNS_WITH_PARAMS : RUNS_WITHOUT
    it(
      `${id} (${entry.path}): ${runs} addresses, es and en, as a visitor, a patient and an admin`,
      { timeout: 120_000 },
      async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.array(pageSegment, { minLength: params.length, maxLength: params.length }),
            pageQuery,
            fc.boolean(),
            fc.constantFrom<Way>('visitor', 'patient', 'admin'),
            async (segments, query, en, way) => {
              await open(addressOf(entry.path, segments, query, en), way)
            },
          ),
          { seed: FUZZ_SEED, numRuns: runs },
        )
      },
    )
  }

  it('a slug no post, route or plan can have is the not-found page (404) for visitors and patients, in both languages', async () => {
    const bad = [
      'a%01b',
      'a%00',
      '%7F',
      'x%0Ay',
      'a'.repeat(201),
      'a'.repeat(5000),
      '%20',
      '%E2%80%AEslug',
      '__proto__',
    ]
    for (const pattern of ['/post/:slug', '/route/:slug', '/plan/:slug'])
      for (const slug of bad)
        for (const en of [false, true])
          for (const way of ['visitor', 'patient'] as const) {
            const address = addressOf(pattern, [slug], [], en)
            const { status, text } = await open(address, way)
            expect(status, `${address} as ${way}`).toBe(404)
            expect(text, `${address} as ${way}: the not-found page`).toContain('"page":"notFound"')
          }
  })
})
