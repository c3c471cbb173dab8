// Public XSS research against the post allowlist (issue 32 §1). Every input of test/corpus/xss
// (OWASP's XSS Filter Evasion Cheat Sheet, DOMPurify's test vectors, html5sec.org's HTML5
// Security Cheatsheet, PortSwigger's XSS cheat sheet; each file names its repository, paths and
// commit, and test/corpus/xss/extract.mjs made it; test/corpus/xss/README.md says how to add
// one), and of test/corpus/xss/outside (PayloadsAllTheThings' XSS Injection and Open Redirect
// lists, payloadbox's xss-payload-list, s0md3v's AwesomeXSS: 7,106 inputs brought by a tester who
// did not write the sanitiser, decision 036 "Found from outside"; their own tests are below), is:
// - saved as a publisher through POST /v1/post: never a 5xx; a refusal is a 422 with a field
//   error on `content` (the input is then written straight into D1, as a row no save cleaned);
// - read back through GET /v1/posts?filters[slug]=;
// - cleaned by the read pass alone, as written (a row stored by anything but an editor's save);
// - served on an article page twice, the second answer from the public page cache. The saved
//   bodies are opened in groups (one article holding GROUP of them, saved like any other, which
//   is exactly what their own pages hold in their article), the refused ones on their own pages;
//   `npm run test:deep` opens every input's own page.
// Every body served must be inert by ./inert.ts (the canonical markup of the allowlist: no
// script, no on*, no javascript:/data:/vbscript: URL, nothing loaded from another host, no
// nonce), and on a page only the renderer's own scripts carry the answer's nonce. Chromium
// opens the same corpus in e2e/xss.e2e.mjs.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { readerBody } from '#worker/features/posts/post-html'
import { contentChanged } from '#worker/http/public-cache'
import owasp from '../corpus/xss/owasp-xss-filter-evasion.json'
import dompurify from '../corpus/xss/dompurify-expect.json'
import html5sec from '../corpus/xss/html5sec-h5sc.json'
import portswigger from '../corpus/xss/portswigger-xss-cheatsheet.json'
import { people, send } from '../admin/support'
import { makePost } from '../factories'
import { api, json } from '../helpers'
import { pageProblems, problemsOf } from './inert'

export interface Corpus {
  source: { name: string; repository: string; paths: string[]; commit: string }
  vectors: { id: string; title: string; input: string }[]
}
export const CORPORA = [owasp, dompurify, html5sec, portswigger] as Corpus[]

const viteEnv = (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {}
/** The nightly deep run (VITE_FUZZ_RUNS, decision 031) opens every input's own page. */
const EVERY_PAGE = Number(viteEnv.VITE_FUZZ_RUNS ?? 0) > 30
/** Requests in flight at once (workerd overlaps their D1 and KV work: 8 took 19 s, 16 15 s, 32 no less). */
const PARALLEL = 16
/** Saved bodies per article when the pages are opened in groups. */
const GROUP = 25

let publisher: string
beforeAll(async () => {
  publisher = (await people()).publisher.token
})

const page = (path: string) => api(path, { headers: { accept: 'text/html' } })
const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]

interface Tried {
  id: string
  input: string
  problems: string[]
  /** The body the save stored (201). */
  stored?: string
  /** The slug its body is read at: its own post, or the raw row when the save was refused. */
  slug?: string
}

async function save(t: Tried, n: number) {
  const slug = `xss-${t.id}-${n}`
  const res = await send('POST', '/v1/post', publisher, { language: 'es', slug, title: t.id, content: t.input }, 'es')
  const body = await json(res)
  if (res.status === 201) {
    t.slug = slug
    t.stored = body.post.content
    t.problems.push(...problemsOf(t.stored!).problems.map((p) => `saved body: ${p}`))
  } else if (res.status === 422) {
    if (!body.errors?.content?.length) t.problems.push(`422 without a field error on content: ${JSON.stringify(body)}`)
    // Refused (control characters, markup the parser cannot read…): readers still meet it when
    // it is written behind the editors' back.
    t.slug = (await makePost({ language: 'es', slug: `${slug}-raw`, content: t.input, purge: false })).slug
  } else t.problems.push(`save answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
}

async function read(t: Tried) {
  if (t.slug) {
    const res = await api(`/v1/posts?filters[slug]=${t.slug}`, { locale: 'es' })
    if (res.status !== 200) t.problems.push(`GET /v1/posts answered ${res.status}`)
    else {
      const served = (await json(res)).posts[0]?.content
      if (typeof served !== 'string') t.problems.push('GET /v1/posts gave no body')
      else {
        t.problems.push(...problemsOf(served).problems.map((p) => `API: ${p}`))
        if (t.stored !== undefined && served !== t.stored)
          t.problems.push('API: the body read differs from the body saved')
      }
    }
  }
  // The read pass alone on the input as written (a row of any origin).
  try {
    t.problems.push(...problemsOf(await readerBody(t.input)).problems.map((p) => `read pass on the raw input: ${p}`))
  } catch (err) {
    t.problems.push(`the read pass threw on the raw input: ${err}`)
  }
}

/** Open `slug` twice, as a visitor: a render, then the public page cache. */
async function openTwice(slug: string): Promise<string[]> {
  const out: string[] = []
  for (const pass of ['miss', 'hit']) {
    const res = await page(`/post/${slug}`)
    const html = await res.text()
    if (res.status !== 200) {
      out.push(`page (${pass}) answered ${res.status}`)
      continue
    }
    if (res.headers.get('x-page-cache') !== pass)
      out.push(`page expected ${pass}, was ${res.headers.get('x-page-cache')}`)
    out.push(...pageProblems(html, nonceOf(res)).map((p) => `page (${pass}): ${p}`))
  }
  return out
}

async function inBatches<T>(items: T[], run: (item: T, n: number) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += PARALLEL)
    await Promise.all(items.slice(i, i + PARALLEL).map((x, j) => run(x, i + j)))
}

async function pages(tried: Tried[], name: string) {
  const alone = EVERY_PAGE ? tried.filter((t) => t.slug) : tried.filter((t) => t.slug && t.stored === undefined)
  const grouped = EVERY_PAGE ? [] : tried.filter((t) => t.stored !== undefined)
  const groups: { slug: string; members: Tried[] }[] = []
  for (let i = 0; i < grouped.length; i += GROUP) {
    const members = grouped.slice(i, i + GROUP)
    const slug = `xss-group-${name}-${i / GROUP}`
    const content = members.map((t) => t.stored).join('')
    if (!content.trim()) continue
    const res = await send('POST', '/v1/post', publisher, { language: 'es', slug, title: slug, content }, 'es')
    const body = await json(res)
    if (res.status !== 201) throw new Error(`the group ${slug} was not saved: ${res.status} ${JSON.stringify(body)}`)
    // Clean bodies side by side are clean: the group holds exactly what its members' pages hold.
    expect(body.post.content, `${slug}: sanitising clean bodies side by side changed them`).toBe(content.trim())
    groups.push({ slug, members })
  }
  // No write from here on: the second answer of each page comes from the cache.
  await contentChanged(env)
  await inBatches(alone, async (t) => t.problems.push(...(await openTwice(t.slug!))))
  await inBatches(groups, async (g) => {
    const found = await openTwice(g.slug)
    if (found.length)
      for (const t of g.members) t.problems.push(...found.map((p) => `in its group's page ${g.slug}: ${p}`))
  })
}

describe('public XSS research: saved, read and served', () => {
  for (const corpus of CORPORA) {
    const { name, repository, commit } = corpus.source
    it(
      `${name}: ${corpus.vectors.length} inputs (${repository} @ ${commit.slice(0, 12)})`,
      { timeout: 300_000 },
      async () => {
        const tried: Tried[] = corpus.vectors.map((v) => ({ id: v.id, input: v.input, problems: [] }))
        await inBatches(tried, save)
        await inBatches(tried, read)
        await pages(tried, corpus.vectors[0]!.id.split('-')[0]!)
        const failures = tried
          .filter((t) => t.problems.length)
          .map((t) => `${t.id}: ${JSON.stringify(t.input).slice(0, 160)}\n    ${t.problems.join('\n    ')}`)
        expect(failures, `inputs that got through (${failures.length}), the first ones`).toEqual([])
      },
    )
  }
})

// ── Found from outside (decision 036 "Found from outside (HTML)") ─────────────────────────────
// Sources the first round did not use (test/corpus/xss/outside, made by extract-outside.mjs):
// PayloadsAllTheThings (its XSS pages, and its open-redirect URLs in every URL a body can hold),
// payloadbox's xss-payload-list and AwesomeXSS: ~7,100 inputs. Saving each through the API
// would cost ~3 minutes, so each goes through what a save runs (cleanBody: the allowlist, the
// fixed-point check, the 422) and what a read runs (readerBody), in the Worker; then the distinct
// stored bodies, side by side in articles saved like any other, through the API and the page
// twice. Every input and every answer must be inert by ./inert.ts, and cleaning again changes
// nothing. Chromium opens the same distinct bodies in e2e/break-html.e2e.mjs.
import patt from '../corpus/xss/outside/payloadsallthethings-xss.json'
import payloadbox from '../corpus/xss/outside/payloadbox-xss-payload-list.json'
import awesome from '../corpus/xss/outside/awesomexss.json'
import redirectUrls from '../corpus/xss/outside/payloadsallthethings-open-redirect-urls.json'
import { cleanBody } from '#worker/features/posts/post-html'
import { AppError } from '#worker/http/errors'

/** An open-redirect URL in every URL attribute a body may hold (a `"` in it escaped, as an editor's tool writes it). */
export const urlBody = (url: string) => {
  const v = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
  return `<p><a href="${v}">x</a><img src="${v}"><video src="/media/v.mp4" poster="${v}"></video></p>`
}
export const OUTSIDE = [
  patt,
  payloadbox,
  awesome,
  { ...redirectUrls, vectors: redirectUrls.vectors.map((v) => ({ ...v, input: urlBody(v.input) })) },
] as Corpus[]
/** The most an article of distinct stored bodies holds (a save takes 200,000 characters). */
const GROUP_CHARS = 150_000

describe('public XSS research found from outside: cleaned as a save and a read do, then served', () => {
  for (const corpus of OUTSIDE) {
    const { name, repository, commit } = corpus.source
    it(
      `${name}: ${corpus.vectors.length} inputs (${repository} @ ${commit.slice(0, 12)})`,
      { timeout: 120_000 },
      async () => {
        const failures: string[] = []
        const distinct = new Map<string, string>()
        let refused = 0
        for (const v of corpus.vectors) {
          const problems: string[] = []
          try {
            const saved = (await cleanBody(v.input)).content
            problems.push(...problemsOf(saved).problems.map((p) => `saved body: ${p}`))
            if ((await readerBody(saved)) !== saved) problems.push('the read pass changes the saved body')
            if (saved.trim() && !distinct.has(saved)) distinct.set(saved, v.id)
          } catch (err) {
            if (err instanceof AppError && err.code === 'validation' && err.options.fields?.content) refused++
            else problems.push(`the save threw ${err}`)
          }
          try {
            problems.push(...problemsOf(await readerBody(v.input)).problems.map((p) => `read pass: ${p}`))
          } catch (err) {
            problems.push(`the read pass threw ${err}`)
          }
          if (problems.length)
            failures.push(`${v.id}: ${JSON.stringify(v.input).slice(0, 160)}\n    ${problems.join('\n    ')}`)
        }
        // The distinct stored bodies side by side, saved, read through the API and opened twice.
        const groups: string[][] = [[]]
        let size = 0
        for (const body of distinct.keys()) {
          if (size + body.length > GROUP_CHARS) {
            groups.push([])
            size = 0
          }
          groups.at(-1)!.push(body)
          size += body.length
        }
        const slugs: string[] = []
        await Promise.all(
          groups.map(async (members, i) => {
            const slug = `xss-outside-${corpus.vectors[0]!.id.split('-')[0]}-${i}`
            const content = members.join('')
            const res = await send('POST', '/v1/post', publisher, { language: 'es', slug, title: slug, content }, 'es')
            const body = await json(res)
            if (res.status !== 201)
              throw new Error(`${slug} was not saved: ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
            expect(body.post.content, `${slug}: clean bodies side by side changed`).toBe(content.trim())
            const read = await api(`/v1/posts?filters[slug]=${slug}`, { locale: 'es' })
            expect(read.status).toBe(200)
            expect((await json(read)).posts[0]?.content, `${slug} read back`).toBe(content.trim())
            slugs.push(slug)
          }),
        )
        await contentChanged(env)
        await Promise.all(
          slugs.map(async (slug) => {
            for (const pass of ['miss', 'hit']) {
              const res = await page(`/post/${slug}`)
              expect(res.status).toBe(200)
              expect(res.headers.get('x-page-cache'), `${slug} ${pass}`).toBe(pass)
              const found = pageProblems(await res.text(), nonceOf(res))
              if (found.length) failures.push(`${slug} (${pass}): ${found.join('; ')}`)
            }
          }),
        )
        console.log(
          `${name}: ${corpus.vectors.length} inputs, ${refused} refused, ${distinct.size} distinct stored bodies in ${slugs.length} articles`,
        )
        expect(failures, `inputs that got through (${failures.length}), the first ones`).toEqual([])
      },
    )
  }
})
